import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge, Skeleton, Tabs, buttonClassName } from '@laundry/ui';
import {
  useAdvertiser,
  useBillingAccount,
  useCampaigns,
  usePayouts,
  useRevenue,
  useServing,
} from '../api/queries.ts';
import { LoadFailed, PageLoading, WelcomeCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { AnalyticsTab } from '../dashboard/analytics-tab.tsx';
import { CampaignList } from '../dashboard/campaign-list.tsx';
import { NoticeList } from '../dashboard/notice-list.tsx';
import { PayoutsTab } from '../dashboard/payouts-tab.tsx';
import { StatTiles } from '../dashboard/stat-tiles.tsx';
import { suspensionNotice } from '../domain/billing.ts';
import { servingNotice } from '../domain/serving.ts';
import { campaignTotals } from '../domain/campaign-display.ts';
import { canDo } from '../domain/team-role.ts';
import pageStyles from '../components/page.module.css';
import styles from '../dashboard/dashboard.module.css';

/**
 * /advertiser/dashboard (docs/product.md, Pages): without a profile the welcome card; with one, the business,
 * its links, the four tiles and the Campaigns, Analytics and Payouts tabs.
 */
export default function DashboardPage() {
  const { t, text } = useText();
  const { money } = useMoney();
  const advertiser = useAdvertiser();
  useScrollToTop();
  const hasProfile = advertiser.profile !== null;
  // A team member works on the campaigns within their role; billing (revenue, payouts) is the owner's.
  const sees = { billing: canDo(advertiser.profile, 'billing'), manage: canDo(advertiser.profile, 'manage') };
  const campaigns = useCampaigns(hasProfile);
  const revenue = useRevenue(sees.billing);
  const payouts = usePayouts(sees.billing);
  const billing = useBillingAccount(sees.billing);
  const revenueData = sees.billing ? revenue.data : ({ available: false } as const);
  const serving = useServing(hasProfile);
  const account = billing.data?.available ? billing.data.data : null;
  const testMode = account?.mode === 'test';
  const suspension = suspensionNotice(account);
  const held = servingNotice(serving.data, (units) => money(units));
  const totals = useMemo(() => campaignTotals(campaigns.data ?? []), [campaigns.data]);

  if (advertiser.isLoading) return <PageLoading label={t('dashboard.loading')} />;
  if (advertiser.error) return <LoadFailed onRetry={() => void advertiser.refetch()} />;
  const profile = advertiser.profile;
  if (!profile) return <WelcomeCard />;

  const verified = profile.isVerified || profile.verificationStatus === 'verified';
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <div className={pageStyles.titleRow}>
            <h1 className={pageStyles.title}>{profile.businessName}</h1>
            {verified && (
              <Badge tone="info" data-testid="verified-badge">
                <span aria-hidden="true">✓&nbsp;</span>
                {t('dashboard.verified')}
              </Badge>
            )}
          </div>
          <p className={pageStyles.subtitle}>{t('dashboard.title')}</p>
        </div>
        <nav className={pageStyles.headerActions} aria-label={t('dashboard.actionsLabel')}>
          <Link className={buttonClassName('secondary')} to="/advertiser/laundromats">
            {t('claims.listTitle')}
          </Link>
          {canDo(profile, 'team') && (
            <Link className={buttonClassName('secondary')} to="/advertiser/team">
              {t('team.title')}
            </Link>
          )}
          {sees.manage && (
            <Link className={buttonClassName('secondary')} to="/advertiser/settings">
              {t('dashboard.settings')}
            </Link>
          )}
          {sees.manage && (
            <Link className={buttonClassName()} to="/campaigns/create">
              {t('dashboard.newCampaign')}
            </Link>
          )}
        </nav>
      </header>

      {profile.role !== 'owner' && (
        <p className={pageStyles.notice} data-testid="team-role-notice">
          {t(`team.roleNotice.${profile.role}`, { business: profile.businessName })}
        </p>
      )}

      <NoticeList />

      {!verified && profile.spendingCap !== null && sees.manage && (
        <div className={pageStyles.notice} data-testid="spending-cap-notice">
          <p>
            {t(
              profile.verificationStatus === 'pending'
                ? 'dashboard.unverifiedPending'
                : 'dashboard.unverifiedNotice',
              { cap: money(profile.spendingCap) },
            )}{' '}
            <Link to="/advertiser/settings#verification">{t('dashboard.verifyLink')}</Link>
          </p>
        </div>
      )}

      {held && (
        <div
          className={`${pageStyles.notice} ${pageStyles.problem}`}
          role="status"
          data-testid="serving-held-notice"
        >
          <p className={pageStyles.noticeTitle}>{t('dashboard.servingTitle')}</p>
          <p>
            {text(held.text)}
            {held.paymentLink && sees.billing && (
              <>
                {' '}
                <Link to="/advertiser/settings#payment-method">{t('dashboard.servingPaymentLink')}</Link>
              </>
            )}
          </p>
        </div>
      )}

      {suspension && (
        <div
          className={`${pageStyles.notice} ${pageStyles.problem}`}
          role="alert"
          data-testid="billing-suspended-notice"
        >
          <p className={pageStyles.noticeTitle}>{t('dashboard.suspendedTitle')}</p>
          <p>
            {text(suspension)}{' '}
            <Link to="/advertiser/settings#payment-method">{t('dashboard.suspendedLink')}</Link>
          </p>
        </div>
      )}

      <StatTiles
        totals={totals}
        campaignsLoading={campaigns.isPending}
        revenue={{ data: revenueData, isError: revenue.isError }}
        testMode={testMode}
      />

      <Tabs
        className={styles.tabs}
        label={t('dashboard.tabsLabel')}
        // Each panel opens with its tab's name as a heading (hidden: the tab shows it), so the h3s inside
        // follow an h2 and a screen reader's heading list names the sections.
        items={[
          {
            value: 'campaigns',
            label: t('dashboard.tabs.campaigns'),
            content: campaigns.isPending ? (
              <div className={styles.tabBody} aria-busy="true">
                <Skeleton height="8rem" />
                <Skeleton height="8rem" />
              </div>
            ) : campaigns.isError ? (
              <div className={styles.empty} role="alert">
                <h3>{t('messages.loadFailedTitle')}</h3>
                <p>{t('messages.loadFailedText')}</p>
                <button
                  type="button"
                  className={buttonClassName('secondary')}
                  onClick={() => void campaigns.refetch()}
                >
                  {t('common:actions.retry')}
                </button>
              </div>
            ) : (
              <CampaignList campaigns={campaigns.data ?? []} readOnly={!sees.manage} />
            ),
          },
          {
            value: 'analytics',
            label: t('dashboard.tabs.analytics'),
            content: (
              <AnalyticsTab
                revenue={revenueData}
                campaigns={campaigns.data}
                campaignsLoading={campaigns.isPending}
                testMode={testMode}
              />
            ),
          },
          ...(sees.billing
            ? [
                {
                  value: 'payouts',
                  label: t('dashboard.tabs.payouts'),
                  content: (
                    <PayoutsTab
                      payouts={payouts.data}
                      isLoading={payouts.isPending}
                      isError={payouts.isError}
                      testMode={testMode}
                    />
                  ),
                },
              ]
            : []),
        ].map((item) => ({
          ...item,
          content: (
            <>
              <h2 className="visually-hidden">{item.label}</h2>
              {item.content}
            </>
          ),
        }))}
      />
    </div>
  );
}
