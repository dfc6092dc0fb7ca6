import type { z } from 'zod';
import { adEventRecordedDataSchema } from './ad-recorded-data.ts';
import { defineEventSchema } from './envelope.ts';

export const adImpressionRecordedV1 = 'ad.impression-recorded.v1';

export const adImpressionRecordedV1DataSchema = adEventRecordedDataSchema;

export const adImpressionRecordedV1Schema = defineEventSchema(
  adImpressionRecordedV1,
  adImpressionRecordedV1DataSchema,
);
export type AdImpressionRecordedV1 = z.infer<typeof adImpressionRecordedV1Schema>;
