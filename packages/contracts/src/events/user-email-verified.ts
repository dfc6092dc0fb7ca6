import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const userEmailVerifiedV1 = 'user.email-verified.v1';

/**
 * A person proved they own their account's address (the mailed link, a password reset by mail, or a
 * confirmed change of address). The ad service serves an advertiser's campaigns only once this arrived.
 * Only the id travels: the address itself is identity's to keep.
 */
export const userEmailVerifiedV1DataSchema = z.object({
  userId: z.uuid(),
  verifiedAt: z.iso.datetime({ offset: true }),
});

export const userEmailVerifiedV1Schema = defineEventSchema(
  userEmailVerifiedV1,
  userEmailVerifiedV1DataSchema,
);
export type UserEmailVerifiedV1 = z.infer<typeof userEmailVerifiedV1Schema>;
