import { Link } from 'react-router';
import type { PayoutListItem } from '@laundry/contracts';
import { Skeleton } from '@laundry/ui';
import type { Availability } from '../api/queries.ts';
import { InfoTip } from '../components/info-tip.tsx';
import { StyledBadge } from '../components/status-badge.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { payoutBadgeStyle } from '../domain/campaign-display.ts';
import { formatCount, formatDay, formatMoney } from '../domain/formats.ts';

/** A statement's currency: its own once billing names it, else the advertiser's, which it is billed in. */
const currencyOf = (payout: PayoutListItem, billing: string) =>
  (payout as PayoutListItem & { currency?: string }).currency ?? billing;
import styles from './dashboard.module.css';

/**
 * The Payouts tab: GET /api/payouts once billing serves it (docs/product.md, API calls), each with its
 * period, figures and a badge (processed in the default style, others secondary); until then it says payouts
 * are not available. Each figure is explained in a tooltip, and the invoices are a link away, on the settings
 * page.
 */
export function PayoutsTab({
  payouts,
  isLoading,
  isError,
  testMode,
}: {
  payouts: Availability<PayoutListItem[]> | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Billing charges no real money: the tab says 'Test mode'. */
  testMode: boolean;
}) {
  const { t, locale } = useText();
  const { currency, minor } = useMoney();
  if (isLoading) {
    return (
      <div className={styles.tabBody} aria-busy="true">
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    );
  }
  if (isError || !payouts?.available) {
    return (
      <div className={styles.empty}>
        <h3>{t('dashboard.payouts.notAvailableTitle')}</h3>
        <p>{t('dashboard.payouts.notAvailableText')}</p>
      </div>
    );
  }
  const testModeLine = testMode && (
    <p className={styles.payoutsMode}>
      <TestModeBadge /> {t('billing.testModeText')}
    </p>
  );
  if (payouts.data.length === 0) {
    return (
      <>
        {testModeLine}
        <div className={styles.empty}>
          <h3>{t('dashboard.payouts.emptyTitle')}</h3>
          <p>{t('dashboard.payouts.emptyText')}</p>
        </div>
      </>
    );
  }
  const label = (text: string, tip: string) => (
    <dt className={styles.labelWithTip}>
      {text}
      <InfoTip name={text}>{tip}</InfoTip>
    </dt>
  );
  return (
    <>
      {testModeLine}
      <ul className={styles.payouts} aria-label={t('dashboard.tabs.payouts')}>
        {payouts.data.map((payout) => (
          <li key={payout.id} className={styles.payout}>
            <div className={styles.campaignHead}>
              <h3 className={styles.payoutTitle}>
                {t('dashboard.payouts.period', {
                  start: formatDay(payout.periodStart, locale),
                  end: formatDay(payout.periodEnd, locale),
                })}
              </h3>
              <StyledBadge
                badge={{
                  style: payoutBadgeStyle(payout.status),
                  text: {
                    key: ['pending', 'processed'].includes(payout.status)
                      ? `advertiser:payoutStatus.${payout.status}`
                      : 'advertiser:payoutStatus.unknown',
                  },
                }}
              />
            </div>
            <dl className={styles.stats}>
              <div>
                {label(t('dashboard.payouts.impressions'), t('dashboard.payouts.tips.impressions'))}
                <dd>{formatCount(payout.totalImpressions, locale)}</dd>
              </div>
              <div>
                {label(t('dashboard.payouts.clicks'), t('dashboard.payouts.tips.clicks'))}
                <dd>{formatCount(payout.totalClicks, locale)}</dd>
              </div>
              <div>
                {label(t('dashboard.payouts.spend'), t('dashboard.payouts.tips.spend'))}
                <dd data-testid="payout-spend">
                  {formatMoney(payout.totalRevenue, locale, undefined, currencyOf(payout, currency))}
                </dd>
              </div>
              <div>
                {label(t('dashboard.payouts.fee'), t('dashboard.payouts.tips.fee'))}
                <dd data-testid="payout-fee">
                  {minor(payout.platformFeeCents, currencyOf(payout, currency))}
                </dd>
              </div>
              <div>
                {label(t('dashboard.payouts.charged'), t('dashboard.payouts.tips.charged'))}
                <dd data-testid="payout-charged">
                  {minor(payout.advertiserChargeCents, currencyOf(payout, currency))}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className={styles.payoutsFooter}>
        <Link to="/advertiser/settings#invoices">{t('dashboard.payouts.invoicesLink')}</Link>
      </p>
    </>
  );
}
