import type { z } from 'zod';
import { adEventRecordedDataSchema, adEventRecordedV2DataSchema } from './ad-recorded-data.ts';
import { defineEventSchema } from './envelope.ts';

export const adImpressionRecordedV1 = 'ad.impression-recorded.v1';

export const adImpressionRecordedV1DataSchema = adEventRecordedDataSchema;

export const adImpressionRecordedV1Schema = defineEventSchema(
  adImpressionRecordedV1,
  adImpressionRecordedV1DataSchema,
);
export type AdImpressionRecordedV1 = z.infer<typeof adImpressionRecordedV1Schema>;

/** The same event with its money as integers of E4; the ad service publishes this one. */
export const adImpressionRecordedV2 = 'ad.impression-recorded.v2';

export const adImpressionRecordedV2DataSchema = adEventRecordedV2DataSchema;

export const adImpressionRecordedV2Schema = defineEventSchema(
  adImpressionRecordedV2,
  adImpressionRecordedV2DataSchema,
);
export type AdImpressionRecordedV2 = z.infer<typeof adImpressionRecordedV2Schema>;
