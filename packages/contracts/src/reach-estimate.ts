import { z } from 'zod';
import {
  billingCurrencySchema,
  campaignMoneyRules,
  formatUnits,
  type BillingCurrency,
} from './billing-currency.ts';
import { e4PerUnit } from './money.ts';

const coordinate = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-max, { error: `${label} must be between -${max} and ${max}` })
    .max(max, { error: `${label} must be between -${max} and ${max}` });

const bidE4 = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be whole ten-thousandths of the currency's unit` })
    .positive({ error: `${label} must be above 0` })
    .max(1_000_000 * e4PerUnit, { error: 'Must be at most 1000000' });

/** A target area is all three of its fields or none of them. */
const wholeArea = (q: {
  targetLatitude?: number | undefined;
  targetLongitude?: number | undefined;
  radiusKm?: number | undefined;
}) =>
  [q.targetLatitude, q.targetLongitude, q.radiusKm].every((v) => v === undefined) ||
  [q.targetLatitude, q.targetLongitude, q.radiusKm].every((v) => v !== undefined);

export const reachBidMissingMessage = 'Give a cost per click or a cost per impression';

/**
 * POST /api/campaigns/reach-estimate: what the campaign form has so far. Without an area the estimate is
 * for all the product's traffic. `weeklyHours` is how many of the week's 168 hours its schedule serves in.
 * Amounts are E4 of the advertiser's billing currency; the service checks the bid against that currency's
 * minimum (reachEstimateRequestSchemaFor), so this schema names no currency.
 */
export const reachEstimateRequestSchema = z
  .object({
    targetLatitude: coordinate('Latitude', 90).optional(),
    targetLongitude: coordinate('Longitude', 180).optional(),
    radiusKm: z
      .number({ error: 'Radius must be a number' })
      .gt(0, { error: 'Radius must be above 0 km' })
      .max(500, { error: 'Radius must be at most 500 km' })
      .optional(),
    /** A bid per click, exactly: ten-thousandths of the currency's unit (5000 is $0.50, or ¥0.5). */
    costPerClickE4: bidE4('Cost per click').optional(),
    /**
     * A bid per impression instead (the form's price per thousand ÷ 1000): 20 is $2 a thousand. When given,
     * the campaign is charged per impression and the cost per click plays no part, as when it serves.
     */
    costPerImpressionE4: bidE4('Cost per impression').optional(),
    /** The daily budget, in ten-thousandths of the currency's unit. */
    dailyBudgetE4: z
      .number({ error: 'Daily budget must be a number' })
      .int({ error: "Daily budget must be whole ten-thousandths of the currency's unit" })
      .min(0)
      .max(1_000_000 * e4PerUnit)
      .optional(),
    weeklyHours: z
      .number({ error: 'Weekly hours must be a whole number' })
      .int({ error: 'Weekly hours must be a whole number' })
      .min(1, { error: 'Weekly hours must be from 1 to 168' })
      .max(168, { error: 'Weekly hours must be from 1 to 168' })
      .default(168),
  })
  .strict()
  .refine(wholeArea, {
    error: 'A target area needs a latitude, a longitude and a radius',
    path: ['radiusKm'],
  })
  .refine((q) => q.costPerClickE4 !== undefined || q.costPerImpressionE4 !== undefined, {
    error: reachBidMissingMessage,
    path: ['costPerClickE4'],
  });
export type ReachEstimateRequest = z.infer<typeof reachEstimateRequestSchema>;

const requestSchemas = new Map<BillingCurrency, ReturnType<typeof buildRequestSchema>>();
const buildRequestSchema = (currency: BillingCurrency) => {
  const minimumE4 = Math.round(campaignMoneyRules[currency].minimums.costPerClick * e4PerUnit);
  const message = `Minimum cost per click is ${formatUnits(campaignMoneyRules[currency].minimums.costPerClick, currency)}`;
  return reachEstimateRequestSchema.refine(
    // A bid per impression is charged per impression: the cost per click is then not the bid.
    (q) =>
      q.costPerImpressionE4 !== undefined || q.costPerClickE4 === undefined || q.costPerClickE4 >= minimumE4,
    { error: message, path: ['costPerClickE4'] },
  );
};

/**
 * The request for an advertiser billed in `currency`: a bid per click at least that currency's minimum
 * ('Minimum cost per click is ¥15'), as the campaign's own form asks.
 */
export function reachEstimateRequestSchemaFor(currency: BillingCurrency) {
  let schema = requestSchemas.get(currency);
  if (!schema) requestSchemas.set(currency, (schema = buildRequestSchema(currency)));
  return schema;
}

const range = z.object({ low: z.number().int().min(0), high: z.number().int().min(0) });

/**
 * The estimate, a day at a time, from the ad requests of the last 28 days in the area (served and unfilled):
 * or `enough: false` while there is too little traffic there to say.
 */
export const reachEstimateSchema = z.discriminatedUnion('enough', [
  z.object({ enough: z.literal(false), basis: z.enum(['area', 'everywhere']) }),
  z.object({
    enough: z.literal(true),
    basis: z.enum(['area', 'everywhere']),
    impressions: range,
    clicks: range,
    /** The billing currency the suggested budget is in (the advertiser's). */
    currency: billingCurrencySchema,
    /**
     * Whole units of the currency (dollars, euros, yen), rounded up: what the high end would cost at the bid,
     * the clicks for a bid per click or the impressions for one per impression, and at least the currency's
     * minimum daily budget.
     */
    suggestedDailyBudget: z.number().int().min(1),
    /** True when the daily budget given holds the high end back. */
    limitedByBudget: z.boolean(),
  }),
]);
export type ReachEstimate = z.infer<typeof reachEstimateSchema>;
