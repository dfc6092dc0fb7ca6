import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { queryIntWithDefaultSchema } from './query-params.ts';

/**
 * Where an applied change came from, as a laundromat's public history names it: an approved suggestion,
 * the verified owner, the OpenStreetMap sync, or an admin (taking upstream's value, merging a duplicate).
 * Never who suggested it.
 */
export const historySources = ['suggestion', 'owner', 'osm', 'admin'] as const;
export type HistorySource = (typeof historySources)[number];

export const historyChangeSchema = z.object({
  /** The laundromat's field in the API's names ('openingHours', 'phone', 'location', 'mergedInto' …). */
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  id: idSchema,
  source: z.enum(historySources),
  changes: z.array(historyChangeSchema),
  createdAt: isoDateTimeSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const laundromatHistorySchema = z.object({
  items: z.array(historyEntrySchema),
  /** Pass as `cursor` for the older entries; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LaundromatHistory = z.infer<typeof laundromatHistorySchema>;

export const historyPageLimits = { default: 20, max: 50 } as const;

/** GET /api/laundromats/{id}/history: newest first. */
export const laundromatHistoryQuerySchema = z.object({
  limit: queryIntWithDefaultSchema(
    `limit must be a whole number between 1 and ${historyPageLimits.max}`,
    1,
    historyPageLimits.max,
    historyPageLimits.default,
  ),
  cursor: z.string().max(200, { error: 'The cursor is not valid' }).optional(),
});
export type LaundromatHistoryQuery = z.infer<typeof laundromatHistoryQuerySchema>;

/** Who keeps a local value over OpenStreetMap's: a person's approved correction, or the verified owner. */
export const keptBySources = ['correction', 'owner'] as const;

/** A field where the directory kept its own value and OpenStreetMap says something else. */
export const upstreamDifferenceSchema = z.object({
  field: z.string(),
  local: z.unknown(),
  upstream: z.unknown(),
  keptBy: z.enum(keptBySources),
});
export type UpstreamDifference = z.infer<typeof upstreamDifferenceSchema>;

/** GET /api/admin/laundromats/{id}/upstream. */
export const laundromatUpstreamSchema = z.object({
  laundromatId: idSchema,
  name: z.string(),
  /** False for a laundromat that did not come from OpenStreetMap (then there are no differences). */
  fromOpenStreetMap: z.boolean(),
  differences: z.array(upstreamDifferenceSchema),
});
export type LaundromatUpstream = z.infer<typeof laundromatUpstreamSchema>;

/** POST /api/admin/laundromats/{id}/upstream: take OpenStreetMap's value of one kept field. */
export const takeUpstreamRequestSchema = z.object({
  field: z
    .string({ error: 'field is required' })
    .trim()
    .min(1, { error: 'field is required' })
    .max(60, { error: 'field must be at most 60 characters' }),
});
export type TakeUpstreamRequest = z.infer<typeof takeUpstreamRequestSchema>;

export const sameLaundromatMergeMessage =
  'A laundromat cannot be merged into itself: choose two different ones.';

/**
 * POST /api/admin/laundromats/merge: `mergedId` is closed and points to `survivorId`, which takes its
 * reviews, favourites and photos. `suggestionId` names the 'duplicate of …' suggestion it settles, if any.
 */
export const mergeLaundromatsRequestSchema = z
  .object({
    survivorId: idSchema,
    mergedId: idSchema,
    suggestionId: idSchema.optional(),
  })
  .refine((body) => body.survivorId !== body.mergedId, {
    error: sameLaundromatMergeMessage,
    path: ['mergedId'],
  });
export type MergeLaundromatsRequest = z.infer<typeof mergeLaundromatsRequestSchema>;

export const laundromatMergeSchema = z.object({
  survivorId: idSchema,
  mergedId: idSchema,
  /** Fields the survivor lacked and took from the merged one. */
  filled: z.array(z.string()),
  favoritesMoved: z.number().int().min(0),
  /** The suggestions the merge settled as approved. */
  decidedSuggestionIds: z.array(idSchema),
});
export type LaundromatMerge = z.infer<typeof laundromatMergeSchema>;
