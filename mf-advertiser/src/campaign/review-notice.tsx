import type { ReactNode } from 'react';
import type { CampaignListItem } from '@laundry/contracts';
import { useText } from '../components/use-text.ts';
import { findingText } from '../domain/campaign-display.ts';
import styles from './campaign.module.css';

/**
 * Why a campaign, or its waiting change, is held, in the advertiser's language: what the review is waiting
 * for or decided, the reviewer's note, and the automatic check's findings. Nothing for an approved campaign
 * with no change waiting.
 */
export function ReviewNotice({
  campaign,
  actions,
}: {
  campaign: Pick<
    CampaignListItem,
    'status' | 'moderationStatus' | 'moderationNote' | 'pendingChange' | 'reviewFindings'
  >;
  actions?: ReactNode;
}) {
  const { t, text } = useText();
  if (campaign.status === 'ended') return null;
  const change = campaign.pendingChange;
  const held = campaign.moderationStatus !== 'approved';
  if (!change && !held) return null;
  const lead = change
    ? t(change.status === 'pending' ? 'moderation.changeWaitsText' : 'moderation.changeRefusedText')
    : campaign.moderationStatus === 'pending'
      ? t('moderation.pendingText')
      : null;
  const note = change ? change.note : campaign.moderationNote;
  const findings = change ? change.findings : campaign.reviewFindings;
  return (
    <div className={styles.reviewNotice} data-testid="review-notice">
      {lead && <p>{lead}</p>}
      {note && (
        <p className={styles.moderationNote} data-testid="moderation-note">
          <strong>{t('moderation.noteLabel')}</strong> {note}
        </p>
      )}
      {findings.length > 0 && (
        <>
          <p className={styles.findingsTitle}>{t('moderation.findingsTitle')}</p>
          <ul className={styles.findings} data-testid="review-findings">
            {findings.map((finding, index) => (
              <li key={`${finding.field}-${index}`}>{text(findingText(finding))}</li>
            ))}
          </ul>
        </>
      )}
      {actions}
    </div>
  );
}
