import { z } from 'zod';
import { liveSummarySchema } from '../availability.ts';
import { defineEventSchema } from './envelope.ts';

export const availabilityChangedV1 = 'availability.changed.v1';

/**
 * A laundromat's live summary changed (a report, a confirmation, a feed message, or it went out of date).
 * Events may arrive out of order and twice: a consumer keeps the one with the latest `computedAt`.
 */
export const availabilityChangedV1DataSchema = z.object({
  laundromatId: z.uuid(),
  /** Null when nothing recent is known (or the feed went stale). */
  live: liveSummarySchema.nullable(),
  /** When `live` stops being true without another event (the last report fades, the feed goes stale). */
  validUntil: z.iso.datetime({ offset: true }).nullable(),
  computedAt: z.iso.datetime({ offset: true }),
});

export const availabilityChangedV1Schema = defineEventSchema(
  availabilityChangedV1,
  availabilityChangedV1DataSchema,
);
export type AvailabilityChangedV1 = z.infer<typeof availabilityChangedV1Schema>;
