import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const laundromatApprovedV1 = 'laundromat.approved.v1';

export const laundromatApprovedV1DataSchema = z.object({
  laundromatId: z.uuid(),
  /** Who gets the contribution points; null for imported or seeded laundromats. */
  submittedById: z.uuid().nullable(),
  approvedById: z.uuid().nullable(),
  approvedAt: z.iso.datetime({ offset: true }),
});

export const laundromatApprovedV1Schema = defineEventSchema(
  laundromatApprovedV1,
  laundromatApprovedV1DataSchema,
);
export type LaundromatApprovedV1 = z.infer<typeof laundromatApprovedV1Schema>;
