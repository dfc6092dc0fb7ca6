import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { languages } from './constants/domain.ts';

/**
 * Who works on an advertiser's account: its owner (who created the profile) and the colleagues they invited.
 * A manager does everything but billing and the team; a viewer sees the reports only.
 */
export const advertiserRoles = ['owner', 'manager', 'viewer'] as const;
export type AdvertiserRole = (typeof advertiserRoles)[number];

/** The roles an invitation or a role change may give: the account keeps its one owner. */
export const advertiserMemberRoles = ['manager', 'viewer'] as const;
export type AdvertiserMemberRole = (typeof advertiserMemberRoles)[number];

const roleMessage = `The role must be one of ${advertiserMemberRoles.join(', ')}`;
export const advertiserMemberRoleSchema = z.enum(advertiserMemberRoles, { error: roleMessage });

/** POST /api/advertisers/me/team/invitations: the colleague's address, role and the language of their mail. */
export const inviteTeamMemberRequestSchema = z
  .object({
    email: emailSchema,
    role: advertiserMemberRoleSchema,
    /** The language of the invitation mail; without it, the inviter's own. */
    language: z.enum(languages, { error: `The language must be one of ${languages.join(', ')}` }).optional(),
  })
  .strict();
export type InviteTeamMemberRequest = z.infer<typeof inviteTeamMemberRequestSchema>;

/** PUT /api/advertisers/me/team/members/{userId}: the member's new role. */
export const changeTeamMemberRoleRequestSchema = z.object({ role: advertiserMemberRoleSchema }).strict();
export type ChangeTeamMemberRoleRequest = z.infer<typeof changeTeamMemberRoleRequestSchema>;

/** The secret the invitation mail's link carries; only whoever reads that mailbox knows it. */
export const teamInvitationTokenSchema = z
  .string({ error: 'The invitation link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The invitation link is not valid');

/** POST /api/advertisers/team/accept: the signed-in person takes up the invitation the link names. */
export const acceptTeamInvitationRequestSchema = z.object({ token: teamInvitationTokenSchema }).strict();
export type AcceptTeamInvitationRequest = z.infer<typeof acceptTeamInvitationRequestSchema>;

export const teamMemberSchema = z.object({
  userId: idSchema,
  email: z.string(),
  role: z.enum(advertiserRoles),
  joinedAt: isoDateTimeSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: advertiserMemberRoleSchema,
  createdAt: isoDateTimeSchema,
  /** After this the link no longer works; the owner may invite the address again. */
  expiresAt: isoDateTimeSchema,
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/advertisers/me/team (the owner's Team page): the owner first, then members, then open invitations. */
export const teamResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** What accepting an invitation gave: the account and the role on it. */
export const acceptedTeamInvitationSchema = z.object({
  advertiserId: idSchema,
  businessName: z.string(),
  role: advertiserMemberRoleSchema,
});
export type AcceptedTeamInvitation = z.infer<typeof acceptedTeamInvitationSchema>;
