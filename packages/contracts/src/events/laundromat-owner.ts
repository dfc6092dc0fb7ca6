import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const laundromatOwnerVerifiedV1 = 'laundromat.owner-verified.v1';

/**
 * A claim was verified: its claimant owns the laundromat from `verifiedAt` (the directory keeps it). By
 * 'transfer' the previous owner handed it over: their claim's release carries the same instant.
 */
export const laundromatOwnerVerifiedV1DataSchema = z.object({
  laundromatId: z.uuid(),
  claimId: z.uuid(),
  ownerUserId: z.uuid(),
  method: z.enum(['email-domain', 'document', 'transfer']),
  verifiedAt: z.iso.datetime({ offset: true }),
});

export const laundromatOwnerVerifiedV1Schema = defineEventSchema(
  laundromatOwnerVerifiedV1,
  laundromatOwnerVerifiedV1DataSchema,
);
export type LaundromatOwnerVerifiedV1 = z.infer<typeof laundromatOwnerVerifiedV1Schema>;

export const laundromatOwnerReleasedV1 = 'laundromat.owner-released.v1';

/**
 * A verified claim ended (given up, lost to a contest, handed over to a new owner by a transfer, or its
 * owner's account erased). It names the claim,
 * not the person, so it outlives an erasure; the directory drops the owner only while that claim is theirs.
 */
export const laundromatOwnerReleasedV1DataSchema = z.object({
  laundromatId: z.uuid(),
  claimId: z.uuid(),
  reason: z.enum(['given-up', 'contest-lost', 'transferred', 'account-erased']),
  releasedAt: z.iso.datetime({ offset: true }),
});

export const laundromatOwnerReleasedV1Schema = defineEventSchema(
  laundromatOwnerReleasedV1,
  laundromatOwnerReleasedV1DataSchema,
);
export type LaundromatOwnerReleasedV1 = z.infer<typeof laundromatOwnerReleasedV1Schema>;
