import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const userDeletedV1 = 'user.deleted.v1';

/**
 * A person erased their account (DELETE /api/me): every service erases or anonymises what it holds about
 * them (docs/adr/0018-account-erasure.md). Only the id travels: it is what every service keys the person's
 * data by, and an address or a name in the event would be one more copy to erase.
 */
export const userDeletedV1DataSchema = z.object({
  userId: z.uuid(),
  erasedAt: z.iso.datetime({ offset: true }),
});

export const userDeletedV1Schema = defineEventSchema(userDeletedV1, userDeletedV1DataSchema);
export type UserDeletedV1 = z.infer<typeof userDeletedV1Schema>;
