import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  reachEstimateRequestSchema,
  type ReachEstimate,
  type ReachEstimateRequest,
} from '@laundry/contracts';
import { decimalToE4 } from '@laundry/contracts/money';
import { request } from '../api/http.ts';
import { useText } from '../components/use-text.ts';
import type { TargetArea } from '../domain/campaign-form.ts';
import { formatCount, formatMoney } from '../domain/formats.ts';
import styles from './campaign.module.css';

/** An amount as typed, exactly in ten-thousandths of a dollar; NaN (refused below) when it is not one. */
function e4Of(text: string): number {
  try {
    return decimalToE4(text);
  } catch {
    return Number.NaN;
  }
}

/** The request for what the form holds, or null while the bid is not one the service would take. */
export function reachRequestOf(input: {
  area: TargetArea | null;
  costPerClick: string;
  dailyBudget: string;
  weeklyHours?: number | undefined;
}): ReachEstimateRequest | null {
  const parsed = reachEstimateRequestSchema.safeParse({
    ...(input.area && {
      targetLatitude: input.area.latitude,
      targetLongitude: input.area.longitude,
      radiusKm: input.area.radiusKm,
    }),
    costPerClickE4: e4Of(input.costPerClick),
    ...(input.dailyBudget.trim() !== '' && { dailyBudgetE4: e4Of(input.dailyBudget) }),
    ...(input.weeklyHours !== undefined && { weeklyHours: input.weeklyHours }),
  });
  return parsed.success ? parsed.data : null;
}

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
 * little traffic yet to say.
 */
export function ReachEstimatePanel(props: {
  area: TargetArea | null;
  costPerClick: string;
  dailyBudget: string;
  /** How many of the week's hours the schedule serves in; all without one. */
  weeklyHours?: number | undefined;
}) {
  const { t, locale } = useText();
  const body = useSettled(JSON.stringify(reachRequestOf(props)));
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
  if (body === 'null') content = <p className={styles.priceNote}>{t('reach.needsBid')}</p>;
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
          {t('reach.suggested', { amount: formatMoney(data.suggestedDailyBudget, locale, 0) })}
          {data.limitedByBudget && ` ${t('reach.limitedByBudget')}`}
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
