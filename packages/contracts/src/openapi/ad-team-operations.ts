import { z } from 'zod';
import {
  acceptedTeamInvitationSchema,
  acceptTeamInvitationRequestSchema,
  changeTeamMemberRoleRequestSchema,
  inviteTeamMemberRequestSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamResponseSchema,
} from '../advertiser-team.ts';
import { idSchema } from '../common.ts';
import { defineOperations, jsonBody } from './operation.ts';

const memberParams = z.object({ userId: idSchema.meta({ description: "The member's user id." }) });
const invitationParams = z.object({ id: idSchema.meta({ description: "The invitation's id." }) });

const ownerOnly =
  'Only the account’s owner manages the team (403 for a manager or a viewer). Audited under the person who did it.';

/** An advertiser's team: colleagues invited by e-mail as managers or viewers. */
export const adTeamOperations = defineOperations('ad', {
  getMyTeam: {
    method: 'get',
    path: '/api/advertisers/me/team',
    summary: "The advertiser's members and open invitations",
    description: ownerOnly,
    access: 'signed-in',
    answers: { 200: { description: 'The team.', schema: teamResponseSchema } },
    errors: [403, 404],
  },
  inviteTeamMember: {
    method: 'post',
    path: '/api/advertisers/me/team/invitations',
    summary: 'Invite a colleague by e-mail as a manager or a viewer',
    description:
      'Mails the address a link, in the language given (else the inviter’s), that works for 14 days for whoever ' +
      'signs in with that address. Inviting oneself, a member or an address already invited is 409. ' +
      ownerOnly,
    access: 'signed-in',
    body: jsonBody(inviteTeamMemberRequestSchema),
    answers: { 201: { description: 'The invitation.', schema: teamInvitationSchema } },
    errors: [400, 403, 404, 409, 503],
  },
  cancelTeamInvitation: {
    method: 'delete',
    path: '/api/advertisers/me/team/invitations/{id}',
    summary: 'Withdraw an invitation not yet accepted',
    description: `Its link stops working. ${ownerOnly}`,
    access: 'signed-in',
    params: invitationParams,
    answers: { 204: { description: 'Withdrawn.' } },
    errors: [403, 404],
  },
  changeTeamMemberRole: {
    method: 'put',
    path: '/api/advertisers/me/team/members/{userId}',
    summary: "Change a member's role",
    description: ownerOnly,
    access: 'signed-in',
    params: memberParams,
    body: jsonBody(changeTeamMemberRoleRequestSchema),
    answers: { 200: { description: 'The member with the new role.', schema: teamMemberSchema } },
    errors: [400, 403, 404],
  },
  removeTeamMember: {
    method: 'delete',
    path: '/api/advertisers/me/team/members/{userId}',
    summary: 'Remove a member from the account',
    description: `They no longer see or change anything of it. ${ownerOnly}`,
    access: 'signed-in',
    params: memberParams,
    answers: { 204: { description: 'Removed.' } },
    errors: [403, 404],
  },
  acceptTeamInvitation: {
    method: 'post',
    path: '/api/advertisers/team/accept',
    summary: "Accept an invitation to an advertiser's team",
    description:
      'With the token of the mail’s link, signed in with the address it was sent to (403 for another ' +
      'address). A person with an advertiser profile of their own, or on another team, works on one account ' +
      'only (409). An unknown, withdrawn or expired link is 404. Audited.',
    access: 'signed-in',
    body: jsonBody(acceptTeamInvitationRequestSchema),
    answers: { 200: { description: 'The account joined.', schema: acceptedTeamInvitationSchema } },
    errors: [400, 403, 404, 409],
  },
});
