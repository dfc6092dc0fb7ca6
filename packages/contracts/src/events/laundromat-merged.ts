import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const laundromatMergedV1 = 'laundromat.merged.v1';

/**
 * An admin merged a duplicate laundromat into another: the services holding rows about the merged one
 * (reviews, photos) move them to the survivor. The merged laundromat is kept, closed, and points to it.
 */
export const laundromatMergedV1DataSchema = z.object({
  survivorId: z.uuid(),
  mergedId: z.uuid(),
  mergedAt: z.iso.datetime({ offset: true }),
});
export type LaundromatMergedV1Data = z.infer<typeof laundromatMergedV1DataSchema>;

export const laundromatMergedV1Schema = defineEventSchema(laundromatMergedV1, laundromatMergedV1DataSchema);
