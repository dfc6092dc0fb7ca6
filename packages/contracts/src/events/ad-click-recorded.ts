import type { z } from 'zod';
import { adEventRecordedDataSchema } from './ad-recorded-data.ts';
import { defineEventSchema } from './envelope.ts';

export const adClickRecordedV1 = 'ad.click-recorded.v1';

export const adClickRecordedV1DataSchema = adEventRecordedDataSchema;

export const adClickRecordedV1Schema = defineEventSchema(adClickRecordedV1, adClickRecordedV1DataSchema);
export type AdClickRecordedV1 = z.infer<typeof adClickRecordedV1Schema>;
