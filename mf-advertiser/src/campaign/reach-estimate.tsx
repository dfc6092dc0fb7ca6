import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { campaignMoneyRules, type ReachEstimate } from '@laundry/contracts';
import { request } from '../api/http.ts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { formatCount } from '../domain/formats.ts';
import { reachRequestOf, type ReachFormInput } from '../domain/reach-request.ts';
import styles from './campaign.module.css';

/** The same value, once it has stopped changing for `ms` (typing a bid asks once, not at each key). */
function useSettled<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Beside the budget and the bid: the daily impressions and clicks the campaign may expect in its area, as a
 * range, with a suggested daily budget (POST /api/campaigns/reach-estimate), or that the area has too
 * little traffic yet to say. A bid per thousand impressions is estimated as it is charged: the budget buys
 * impressions. Amounts are in the advertiser's billing currency.
 */
export function ReachEstimatePanel(
  props: Omit<ReachFormInput, 'pricingModel' | 'costPerThousand'> & {
    /** Per click unless the form bids per thousand impressions. */
    pricingModel?: ReachFormInput['pricingModel'] | undefined;
    costPerThousand?: string | undefined;
  },
) {
  const { t, locale } = useText();
  const { currency, money } = useMoney();
  const asked = reachRequestOf(
    { ...props, pricingModel: props.pricingModel ?? 'cpc', costPerThousand: props.costPerThousand ?? '' },
    currency,
  );
  const body = useSettled(JSON.stringify(asked.request));
  const estimate = useQuery({
    queryKey: ['/api/campaigns/reach-estimate', body],
    queryFn: () => request<ReachEstimate>('POST', '/api/campaigns/reach-estimate', JSON.parse(body)),
    enabled: body !== 'null',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const range = (low: number, high: number) =>
    low === high ? formatCount(high, locale) : `${formatCount(low, locale)}–${formatCount(high, locale)}`;

  let content;
  if (asked.request === null) {
    const minimum = money(campaignMoneyRules[currency].minimums.costPerClick);
    content = (
      <p className={styles.priceNote} data-testid="reach-needs-bid">
        {asked.reason === 'needsPrice'
          ? t('reach.needsPrice')
          : asked.reason === 'belowMinimum'
            ? t('reach.belowMinimum', { minimum })
            : t('reach.needsBid')}
      </p>
    );
  } else if (body === 'null') content = <p className={styles.priceNote}>{t('reach.loading')}</p>;
  else if (estimate.isPending) content = <p className={styles.priceNote}>{t('reach.loading')}</p>;
  else if (estimate.isError) content = <p className={styles.priceNote}>{t('reach.unavailable')}</p>;
  else if (!estimate.data.enough)
    content = (
      <p className={styles.priceNote} data-testid="reach-not-enough">
        {t('reach.notEnough')}
      </p>
    );
  else {
    const data = estimate.data;
    content = (
      <>
        <p className={styles.priceBudget} data-testid="reach-range">
          {t('reach.range', {
            impressions: range(data.impressions.low, data.impressions.high),
            clicks: range(data.clicks.low, data.clicks.high),
          })}
        </p>
        <p className={styles.priceNote} data-testid="reach-suggested">
          {t('reach.suggested', { amount: money(data.suggestedDailyBudget, 0) })}
          {data.limitedByBudget &&
            ` ${asked.request.costPerImpressionE4 !== undefined ? t('reach.limitedImpressions') : t('reach.limitedByBudget')}`}
        </p>
        {data.basis === 'everywhere' && <p className={styles.priceNote}>{t('reach.everywhere')}</p>}
      </>
    );
  }
  return (
    <section className={styles.price} aria-labelledby="campaign-reach-title" data-testid="reach-estimate">
      <h3 id="campaign-reach-title" className={styles.priceTitle}>
        {t('reach.title')}
      </h3>
      {content}
      <p className={styles.priceNote}>{t('reach.basis')}</p>
    </section>
  );
}
