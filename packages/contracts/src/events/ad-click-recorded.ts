import type { z } from 'zod';
import { adEventRecordedDataSchema, adEventRecordedV2DataSchema } from './ad-recorded-data.ts';
import { defineEventSchema } from './envelope.ts';

export const adClickRecordedV1 = 'ad.click-recorded.v1';

export const adClickRecordedV1DataSchema = adEventRecordedDataSchema;

export const adClickRecordedV1Schema = defineEventSchema(adClickRecordedV1, adClickRecordedV1DataSchema);
export type AdClickRecordedV1 = z.infer<typeof adClickRecordedV1Schema>;

/** The same event with its money as integers of E4; the ad service publishes this one. */
export const adClickRecordedV2 = 'ad.click-recorded.v2';

export const adClickRecordedV2DataSchema = adEventRecordedV2DataSchema;

export const adClickRecordedV2Schema = defineEventSchema(adClickRecordedV2, adClickRecordedV2DataSchema);
export type AdClickRecordedV2 = z.infer<typeof adClickRecordedV2Schema>;
