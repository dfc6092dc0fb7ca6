import type { Campaign } from '@laundry/contracts';
import { FormSection } from '../components/form-field.tsx';
import { StyledBadge } from '../components/status-badge.tsx';
import { useText } from '../components/use-text.ts';
import { campaignStatusBadge, moderationBadge } from '../domain/campaign-display.ts';
import styles from './campaign.module.css';

/** The edit page's status section: where the campaign stands and what its review said; changed on the dashboard. */
export function CampaignStatusPanel({ campaign }: { campaign: Campaign }) {
  const { t } = useText();
  const moderation = moderationBadge(campaign.moderationStatus);
  return (
    <FormSection id="campaign-status" title={t('campaign.sections.statusAndReview')}>
      <div className={styles.statusPanel}>
        <p className={styles.statusLine}>
          <span>{t('campaign.currentStatus')}</span>
          <StyledBadge badge={campaignStatusBadge(campaign.status)} testId="campaign-status" />
          {moderation ? (
            <StyledBadge badge={moderation} testId="campaign-moderation" />
          ) : (
            <span className={styles.muted}>{t('moderation.approvedText')}</span>
          )}
        </p>
        {campaign.moderationNote && moderation && (
          <p className={styles.moderationNote} data-testid="moderation-note">
            <strong>{t('moderation.noteLabel')}</strong> {campaign.moderationNote}
          </p>
        )}
        <p className={styles.muted}>{t('campaign.statusOnDashboard')}</p>
      </div>
    </FormSection>
  );
}
