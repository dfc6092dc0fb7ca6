import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const advertiserTeamMemberChangedV1 = 'advertiser.team-member-changed.v1';

/**
 * A person joined an advertiser's team, their role changed, or they left it (role null). Billing shows an
 * account's billing to its owner only, so it refuses a member's billing calls. `changedAt` orders the changes:
 * a consumer keeps the latest, so a late redelivery of an older change never undoes a newer one.
 */
export const advertiserTeamMemberChangedV1DataSchema = z.object({
  advertiserId: z.uuid(),
  /** The account owner's user id: billing's key of the account. */
  ownerUserId: z.uuid(),
  memberUserId: z.uuid(),
  role: z.enum(['manager', 'viewer']).nullable(),
  changedAt: z.iso.datetime({ offset: true }),
});

export const advertiserTeamMemberChangedV1Schema = defineEventSchema(
  advertiserTeamMemberChangedV1,
  advertiserTeamMemberChangedV1DataSchema,
);
export type AdvertiserTeamMemberChangedV1 = z.infer<typeof advertiserTeamMemberChangedV1Schema>;
