import { z } from 'zod';
import { laundromatStatuses } from '../constants/domain.ts';
import { defineEventSchema } from './envelope.ts';

export const laundromatSubmittedV1 = 'laundromat.submitted.v1';

export const laundromatSubmittedV1DataSchema = z.object({
  laundromatId: z.uuid(),
  submittedById: z.uuid(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(laundromatStatuses),
  submittedAt: z.iso.datetime({ offset: true }),
});

export const laundromatSubmittedV1Schema = defineEventSchema(
  laundromatSubmittedV1,
  laundromatSubmittedV1DataSchema,
);
export type LaundromatSubmittedV1 = z.infer<typeof laundromatSubmittedV1Schema>;
