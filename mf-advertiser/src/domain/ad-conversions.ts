import { adConversionKinds, type AdConversionKind, type CampaignConversions } from '@laundry/contracts';
import { ns } from './i18n-text.ts';

/**
 * What visitors did at a promoted laundromat's page after the ad's click, as the analytics report counts it
 * (directions, call and website taps), and the conversion rate: conversions per click.
 */

export const noConversions: CampaignConversions = { directions: 0, call: 0, website: 0 };

/** The kinds in the contract's order, each with its label's key. */
export const conversionKinds: { kind: AdConversionKind; key: string }[] = adConversionKinds.map((kind) => ({
  kind,
  key: ns(`analytics.conversions.kinds.${kind}`),
}));

/** Every kind counted, whatever it was. */
export const conversionTotal = (conversions: CampaignConversions) =>
  adConversionKinds.reduce((sum, kind) => sum + conversions[kind], 0);

/**
 * Conversions per click as a ratio (one click may lead to up to three kinds, so it can pass 1); null without
 * a click, where a rate means nothing.
 */
export function conversionRate(conversions: CampaignConversions, clicks: number): number | null {
  if (clicks <= 0) return null;
  return conversionTotal(conversions) / clicks;
}

export interface ConversionRow {
  period: string;
  clicks: number;
  conversions: CampaignConversions;
  rate: number | null;
}

/** The periods with a click or a conversion, oldest first: the rows of the page's table by day (or hour). */
export function conversionRows(
  series: readonly { period: string; clicks: number; conversions?: CampaignConversions }[],
): ConversionRow[] {
  return series
    .map((point) => {
      const conversions = point.conversions ?? noConversions;
      return {
        period: point.period,
        clicks: point.clicks,
        conversions,
        rate: conversionRate(conversions, point.clicks),
      };
    })
    .filter((row) => row.clicks > 0 || conversionTotal(row.conversions) > 0)
    .sort((a, b) => Date.parse(a.period) - Date.parse(b.period));
}
