import { z } from 'zod';
import { campaignMinimums } from './constants/domain.ts';
import { e4PerUnit } from './money.ts';

const coordinate = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-max, { error: `${label} must be between -${max} and ${max}` })
    .max(max, { error: `${label} must be between -${max} and ${max}` });

/**
 * POST /api/campaigns/reach-estimate: what the campaign form has so far. Without an area the estimate is
 * for all the product's traffic. `weeklyHours` is how many of the week's 168 hours its schedule serves in.
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
    /** The bid, exactly: ten-thousandths of a dollar (5000 is $0.50). */
    costPerClickE4: z
      .number({ error: 'Cost per click must be a number' })
      .int({ error: 'Cost per click must be whole ten-thousandths of a dollar' })
      .min(campaignMinimums.costPerClick * e4PerUnit, { error: 'Minimum cost per click is $0.10' })
      .max(1000 * e4PerUnit, { error: 'Must be at most 1000' }),
    /** The daily budget, in ten-thousandths of a dollar. */
    dailyBudgetE4: z
      .number({ error: 'Daily budget must be a number' })
      .int({ error: 'Daily budget must be whole ten-thousandths of a dollar' })
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
  .refine(
    (q) =>
      [q.targetLatitude, q.targetLongitude, q.radiusKm].every((v) => v === undefined) ||
      [q.targetLatitude, q.targetLongitude, q.radiusKm].every((v) => v !== undefined),
    { error: 'A target area needs a latitude, a longitude and a radius', path: ['radiusKm'] },
  );
export type ReachEstimateRequest = z.infer<typeof reachEstimateRequestSchema>;

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
    /** Whole dollars: what the high end of the clicks would cost at the bid. */
    suggestedDailyBudget: z.number().int().min(1),
    /** True when the daily budget given holds the high end back. */
    limitedByBudget: z.boolean(),
  }),
]);
export type ReachEstimate = z.infer<typeof reachEstimateSchema>;
