import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, buttonClassName } from '@laundry/ui';
import { useAdvertiser, useCampaign } from '../api/queries.ts';
import { CampaignForm } from '../campaign/campaign-form.tsx';
import { CampaignStatusPanel } from '../campaign/campaign-status-panel.tsx';
import { useDuplicate } from '../campaign/use-duplicate.ts';
import { LoadFailed, PageLoading, SignInCard, WelcomeCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { statusOf } from '../domain/api-errors.ts';
import { messageText } from '../domain/validation-messages.ts';
import { campaignValuesFrom } from '../domain/campaign-form.ts';
import styles from '../components/page.module.css';

/** A campaign that is not there, or not this advertiser's (the API answers both with 404). */
export function CampaignNotFound() {
  const { t } = useText();
  return (
    <div className={styles.page}>
      <Card className={styles.messageCard}>
        <h1>{t('campaign.notFoundTitle')}</h1>
        <p>{t('campaign.notFoundText')}</p>
        <Link className={buttonClassName()} to="/advertiser/dashboard">
          {t('backToDashboard')}
        </Link>
      </Card>
    </div>
  );
}

/**
 * /campaigns/{id}/edit: the campaign's form filled from GET /api/campaigns/{id} (a waiting change's text, if
 * any), saved with PUT. Budgets and targeting save without review; a waiting change can be edited again or
 * withdrawn. An ended campaign is not edited: the page offers Duplicate, and no field can be changed.
 */
export default function CampaignEditPage() {
  const { t, text } = useText();
  const { campaignId } = useParams();
  const advertiser = useAdvertiser();
  useScrollToTop();
  const campaign = useCampaign(advertiser.profile ? campaignId : undefined);
  const [refusal, setRefusal] = useState<{ message: string | null } | null>(null);
  const duplicate = useDuplicate();
  const initial = useMemo(() => (campaign.data ? campaignValuesFrom(campaign.data) : null), [campaign.data]);

  if (advertiser.isLoading) return <PageLoading />;
  if (!advertiser.isSignedIn) return <SignInCard returnTo={`/campaigns/${campaignId ?? ''}/edit`} />;
  if (advertiser.error) return <LoadFailed onRetry={() => void advertiser.refetch()} />;
  if (!advertiser.profile) return <WelcomeCard />;
  if (campaign.isPending) return <PageLoading />;
  if (campaign.error) {
    if (statusOf(campaign.error) === 404 || statusOf(campaign.error) === 400) return <CampaignNotFound />;
    return <LoadFailed onRetry={() => void campaign.refetch()} />;
  }
  if (!campaign.data || !initial) return <CampaignNotFound />;

  const ended = campaign.data.status === 'ended';
  const locked = ended || refusal !== null;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <Link className={styles.backLink} to="/advertiser/dashboard">
            ← {t('backToDashboard')}
          </Link>
          <h1 className={styles.title}>{t('campaign.editTitle')}</h1>
          <p className={styles.subtitle}>{campaign.data.title}</p>
        </div>
      </header>
      {locked && (
        <div className={styles.notice} role="status" data-testid="edit-locked">
          <p>{refusal?.message ? text(messageText(refusal.message)) : t('campaign.endedText')}</p>
          {ended && (
            <Button
              variant="secondary"
              disabled={duplicate.isPending}
              onClick={() => duplicate.mutate(campaign.data.id)}
            >
              {t('dashboard.campaigns.duplicate')}
            </Button>
          )}
        </div>
      )}
      <CampaignForm
        key={`${campaign.data.id}:${campaign.data.pendingChange?.updatedAt ?? ''}`}
        mode={{
          kind: 'edit',
          campaign: campaign.data,
          locked,
          onLocked: (message) => {
            setRefusal({ message });
            void campaign.refetch();
          },
          statusPanel: <CampaignStatusPanel campaign={campaign.data} onWithdrawn={() => setRefusal(null)} />,
        }}
        initial={initial}
        profile={advertiser.profile}
      />
    </div>
  );
}
