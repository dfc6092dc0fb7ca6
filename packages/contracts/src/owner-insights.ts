import { z } from 'zod';

/**
 * A laundromat's insights for its verified owner: per day, how often it was seen and used in the finder.
 * Counts only: nothing here, nor in the table behind it, says who searched, looked or tapped.
 */

/** What a visitor did on a laundromat's detail that the finder reports (POST .../interactions). */
export const laundromatInteractionKinds = ['detail-view', 'directions', 'phone', 'website', 'share'] as const;
export type LaundromatInteractionKind = (typeof laundromatInteractionKinds)[number];

export const recordInteractionRequestSchema = z
  .object({
    kind: z.enum(laundromatInteractionKinds, {
      error: `kind must be one of ${laundromatInteractionKinds.join(', ')}`,
    }),
  })
  .strict();
export type RecordInteractionRequest = z.infer<typeof recordInteractionRequestSchema>;

/** The most days one request may cover (the previous period of equal length comes with it). */
export const INSIGHTS_MAX_DAYS = 90;

/** The daily counts, in the order of the CSV's columns. */
export const insightsCountKeys = [
  'searchAppearances',
  'detailViews',
  'directionTaps',
  'phoneTaps',
  'websiteTaps',
  'shares',
  'favouritesAdded',
  'reviews',
] as const;
export type InsightsCountKey = (typeof insightsCountKeys)[number];

const day = z.iso.date({ error: 'Dates must be written YYYY-MM-DD, such as 2026-11-01' });

export const ownerInsightsQuerySchema = z
  .object({
    from: day,
    to: day,
    /** `csv` answers the days as a CSV file, as `Accept: text/csv` does. */
    format: z.enum(['json', 'csv']).optional(),
  })
  .strict();
export type OwnerInsightsQuery = z.infer<typeof ownerInsightsQuerySchema>;

const count = z.number().int().min(0);
const counts = Object.fromEntries(insightsCountKeys.map((key) => [key, count])) as Record<
  InsightsCountKey,
  typeof count
>;
/** An average of 1 to 5 stars to 2 decimals, null without any review to average. */
const rating = z.number().min(1).max(5).nullable();

export const insightsTotalsSchema = z.object({
  ...counts,
  /** The average of the period's reviews. */
  averageRating: rating,
});
export type InsightsTotals = z.infer<typeof insightsTotalsSchema>;

export const insightsDaySchema = z.object({
  date: z.iso.date(),
  ...counts,
  /** The average of that day's reviews. */
  averageRating: rating,
  /** The laundromat's average over all its reviews up to the end of that day. */
  cumulativeRating: rating,
});
export type InsightsDay = z.infer<typeof insightsDaySchema>;

export const ownerInsightsSchema = z.object({
  laundromatId: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the period, oldest first; a day without any activity has zeros. */
  days: z.array(insightsDaySchema),
  totals: insightsTotalsSchema,
  /** The same number of days just before `from`, to compare with. */
  previous: z.object({ from: z.iso.date(), to: z.iso.date(), totals: insightsTotalsSchema }),
});
export type OwnerInsights = z.infer<typeof ownerInsightsSchema>;
