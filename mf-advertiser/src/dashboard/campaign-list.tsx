import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Campaign, CampaignListItem } from '@laundry/contracts';
import { Button, Dialog, buttonClassName, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { refreshCampaigns } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { CampaignBadges } from '../components/campaign-badges.tsx';
import { ReviewNotice } from '../campaign/review-notice.tsx';
import { useDuplicate } from '../campaign/use-duplicate.ts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import {
  campaignBadges,
  clickThroughRate,
  statusActionKeys,
  statusActions,
  type StatusAction,
} from '../domain/campaign-display.ts';
import { formatCount, formatMoney, formatPercent } from '../domain/formats.ts';
import styles from './dashboard.module.css';

const doneKeys: Record<StatusAction, string> = {
  active: 'dashboard.campaigns.activated',
  paused: 'dashboard.campaigns.paused',
  ended: 'dashboard.campaigns.ended',
};

/** Activate, Pause and End through POST /api/campaigns/{id}/status; the list is read again after. */
function useStatusChange() {
  const { t, failure } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: StatusAction }) =>
      request<Campaign>('POST', `/api/campaigns/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: (_campaign, { id, status }) => {
      toast({ title: t(doneKeys[status]), variant: 'success' });
      refreshCampaigns(queryClient, id);
    },
    onError: (error, { id }) => {
      if (handledAsSignedOut(error, t)) return;
      toast({
        title: t('dashboard.campaigns.statusFailed'),
        description: failure(error),
        variant: 'destructive',
      });
      // A 409 means the campaign moved on meanwhile (its end date passed): show what it is now.
      refreshCampaigns(queryClient, id);
    },
  });
}

function CampaignCard({
  campaign,
  onAction,
  pendingAction,
  onDuplicate,
  duplicating,
  readOnly,
}: {
  campaign: CampaignListItem;
  onAction: (action: StatusAction) => void;
  pendingAction: StatusAction | null;
  onDuplicate: () => void;
  duplicating: boolean;
  /** A viewer's: the figures and the report, no change offered. */
  readOnly: boolean;
}) {
  const { t, locale } = useText();
  const { currency: billing } = useMoney();
  // The campaign's own currency, which is the advertiser's (an older server names none).
  const money = (amount: number) => formatMoney(amount, locale, undefined, campaign.currency ?? billing);
  const ctr = clickThroughRate(campaign.totalImpressions, campaign.totalClicks);
  const titleId = `campaign-${campaign.id}-title`;
  return (
    <li className={styles.campaign} aria-labelledby={titleId} data-testid="campaign-card">
      <div className={styles.campaignHead}>
        <h3 id={titleId} className={styles.campaignTitle}>
          {campaign.title}
        </h3>
        <div className={styles.badges}>
          <CampaignBadges badges={campaignBadges(campaign)} />
        </div>
      </div>
      {campaign.description && <p className={styles.campaignText}>{campaign.description}</p>}
      <ReviewNotice campaign={campaign} />
      <dl className={styles.stats}>
        <div>
          <dt>{t('dashboard.campaigns.budget')}</dt>
          <dd>{money(campaign.totalBudget)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.campaigns.dailyBudget')}</dt>
          <dd>{money(campaign.dailyBudget)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.campaigns.impressions')}</dt>
          <dd>{formatCount(campaign.totalImpressions, locale)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.campaigns.clicks')}</dt>
          <dd>{formatCount(campaign.totalClicks, locale)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.campaigns.ctr')}</dt>
          <dd>{ctr === null ? '—' : formatPercent(ctr, locale)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.campaigns.spent')}</dt>
          <dd>{money(campaign.totalSpent)}</dd>
        </div>
      </dl>
      <div className={styles.campaignActions}>
        <div className={styles.actionGroup}>
          {readOnly ? null : campaign.status === 'ended' ? (
            // An ended campaign is not edited: it is copied as a new draft.
            <Button
              size="small"
              variant="secondary"
              disabled={duplicating}
              onClick={onDuplicate}
              aria-label={t('dashboard.campaigns.duplicateNamed', { title: campaign.title })}
            >
              {t('dashboard.campaigns.duplicate')}
            </Button>
          ) : (
            <Link
              className={buttonClassName('secondary', 'small')}
              to={`/campaigns/${campaign.id}/edit`}
              aria-label={t('dashboard.campaigns.editNamed', { title: campaign.title })}
            >
              {t('dashboard.campaigns.edit')}
            </Link>
          )}
          <Link
            className={buttonClassName('secondary', 'small')}
            to={`/campaigns/${campaign.id}/analytics`}
            aria-label={t('dashboard.campaigns.analyticsNamed', { title: campaign.title })}
          >
            {t('dashboard.campaigns.analytics')}
          </Link>
        </div>
        <div className={styles.actionGroup}>
          {(readOnly ? [] : statusActions(campaign.status)).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'ended' ? 'ghost' : action === 'active' ? 'primary' : 'secondary'}
              className={action === 'ended' ? styles.endButton : undefined}
              disabled={pendingAction !== null}
              onClick={() => onAction(action)}
              aria-label={`${t(statusActionKeys[action])}: ${campaign.title}`}
            >
              {t(statusActionKeys[action])}
            </Button>
          ))}
        </div>
      </div>
    </li>
  );
}

/**
 * docs/product.md, Pages: the campaigns with their badges, figures, links and status actions; 'Create Your
 * First Campaign' when none.
 */
export function CampaignList({
  campaigns,
  readOnly = false,
}: {
  campaigns: readonly CampaignListItem[];
  /** A team viewer's list: no create, edit or status actions. */
  readOnly?: boolean;
}) {
  const { t } = useText();
  const change = useStatusChange();
  const duplicate = useDuplicate();
  const [ending, setEnding] = useState<CampaignListItem | null>(null);
  const pending = change.isPending ? (change.variables?.status ?? null) : null;

  if (campaigns.length === 0) {
    return (
      <div className={styles.empty}>
        <h3>{t('dashboard.campaigns.emptyTitle')}</h3>
        <p>{t('dashboard.campaigns.emptyText')}</p>
        {!readOnly && (
          <Link className={buttonClassName()} to="/campaigns/create">
            {t('dashboard.campaigns.createFirst')}
          </Link>
        )}
      </div>
    );
  }

  return (
    <>
      <ul className={styles.campaigns} aria-label={t('dashboard.campaigns.listLabel')}>
        {campaigns.map((campaign) => (
          <CampaignCard
            key={campaign.id}
            campaign={campaign}
            pendingAction={change.isPending && change.variables?.id === campaign.id ? pending : null}
            onDuplicate={() => duplicate.mutate(campaign.id)}
            duplicating={duplicate.isPending}
            readOnly={readOnly}
            onAction={(action) =>
              action === 'ended' ? setEnding(campaign) : change.mutate({ id: campaign.id, status: action })
            }
          />
        ))}
      </ul>
      <Dialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={t('dashboard.campaigns.endTitle')}
        description={t('dashboard.campaigns.endText', { title: ending?.title ?? '' })}
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setEnding(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (ending) change.mutate({ id: ending.id, status: 'ended' });
              setEnding(null);
            }}
          >
            {t('dashboard.campaigns.end')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
