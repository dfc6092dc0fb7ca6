import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@laundry/contracts';
import { Button, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { campaignKey, refreshCampaigns } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { CampaignBadges } from '../components/campaign-badges.tsx';
import { FormSection } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { campaignBadges } from '../domain/campaign-display.ts';
import { ReviewNotice } from './review-notice.tsx';
import styles from './campaign.module.css';

/** Withdraw: POST /api/campaigns/{id}/withdraw-change drops the waiting change; the page shows the approved one. */
function useWithdraw(id: string, onWithdrawn: (campaign: Campaign) => void) {
  const { t, failure } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<Campaign>('POST', `/api/campaigns/${encodeURIComponent(id)}/withdraw-change`),
    onSuccess: (campaign) => {
      toast({ title: t('moderation.withdrawn'), variant: 'success' });
      queryClient.setQueryData(campaignKey(id), campaign);
      refreshCampaigns(queryClient, id);
      onWithdrawn(campaign);
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      toast({ title: t('moderation.withdrawFailed'), description: failure(error), variant: 'destructive' });
      refreshCampaigns(queryClient, id);
    },
  });
}

/**
 * The edit page's status section: where the campaign stands (one state, never two that contradict), why it
 * or its waiting change is held, and Withdraw for a waiting change; the status is changed on the dashboard.
 */
export function CampaignStatusPanel({
  campaign,
  onWithdrawn,
}: {
  campaign: Campaign;
  onWithdrawn: (campaign: Campaign) => void;
}) {
  const { t } = useText();
  const withdraw = useWithdraw(campaign.id, onWithdrawn);
  const approvedOnly = campaign.moderationStatus === 'approved' && !campaign.pendingChange;
  return (
    <FormSection id="campaign-status" title={t('campaign.sections.statusAndReview')}>
      <div className={styles.statusPanel}>
        <p className={styles.statusLine}>
          <span>{t('campaign.currentStatus')}</span>
          <CampaignBadges badges={campaignBadges(campaign)} />
          {approvedOnly && campaign.status !== 'ended' && (
            <span className={styles.muted}>{t('moderation.approvedText')}</span>
          )}
        </p>
        <ReviewNotice
          campaign={campaign}
          actions={
            campaign.pendingChange && (
              <div>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={withdraw.isPending}
                  onClick={() => withdraw.mutate()}
                >
                  {t('moderation.withdraw')}
                </Button>
              </div>
            )
          }
        />
        <p className={styles.muted}>{t('campaign.statusOnDashboard')}</p>
      </div>
    </FormSection>
  );
}
