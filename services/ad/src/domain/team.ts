import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Identity, Outbox } from '@laundry/platform';
import { AppError, conflict, forbidden, notFound } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext } from '@laundry/platform/outbox';
import type { Logger } from '@laundry/platform/logging';
import {
  advertiserTeamMemberChangedV1,
  createEvent,
  type AcceptedTeamInvitation,
  type AdvertiserMemberRole,
  type ChangeTeamMemberRoleRequest,
  type InviteTeamMemberRequest,
  type Language,
  type MailClient,
  type TeamInvitation,
  type TeamMember,
  type TeamResponse,
} from '@laundry/contracts';
import type { AdvertiserStore } from './advertiser-store.ts';
import { noProfileMessage } from './advertisers.ts';
import { requirePermission } from './team-access.ts';
import type { InvitationRow, MemberRow, TeamStore } from './team-store.ts';
import { teamInvitationMail } from './team-mail.ts';

export interface TeamDeps {
  db: Db;
  advertisers: AdvertiserStore;
  team: TeamStore;
  outbox: Outbox;
  mail: MailClient;
  logger: Logger;
}

/** How long an invitation's link works. */
export const invitationValidityDays = 14;
const dayMs = 86_400_000;

export const inviteSelfMessage = 'You own this account already: invite a colleague’s address.';
export const alreadyMemberMessage = 'This person is already on your team.';
export const alreadyInvitedMessage =
  'This address is already invited: withdraw the invitation to send a new one.';
export const invitationGoneMessage =
  'This invitation is no longer valid: ask the account’s owner to invite you again.';
export const otherAddressMessage =
  'This invitation was sent to another e-mail address: sign in with that address to accept it.';
export const ownProfileMessage =
  'You have an advertiser profile of your own: a person works on one account, so this invitation cannot be accepted with this account.';
export const otherTeamMessage =
  "You are already on an advertiser's team: a person works on one account, so leave it first.";
export const memberNotFoundMessage = 'This person is not on your team.';
export const invitationNotFoundMessage = 'Invitation not found';
export const mailUnavailableMessage =
  'We could not send the invitation right now. Please try again in a moment.';

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toMember = (row: MemberRow): TeamMember => ({
  userId: row.userId,
  email: row.email,
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
});

const toInvitation = (row: InvitationRow): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The account the signed-in person owns: 404 without one, 403 for a member of someone else's. */
async function ownAccount(deps: Pick<TeamDeps, 'db' | 'advertisers'>, user: Identity, tx?: Db) {
  const row = tx
    ? await deps.advertisers.lockByUser(tx, user.id)
    : await deps.advertisers.findByUser(deps.db, user.id);
  if (!row) throw notFound(noProfileMessage);
  requirePermission(row.role, 'team');
  return row;
}

/** Tells billing (through the outbox, with the change) who is on which account now. */
async function announce(
  deps: Pick<TeamDeps, 'outbox'>,
  tx: Db,
  account: { id: string; userId: string },
  memberUserId: string,
  role: AdvertiserMemberRole | null,
  now: Date,
) {
  await deps.outbox.record(
    tx,
    createEvent(advertiserTeamMemberChangedV1, deps.outbox.producer, {
      advertiserId: account.id,
      ownerUserId: account.userId,
      memberUserId,
      role,
      changedAt: now.toISOString(),
    }),
  );
}

/** GET /api/advertisers/me/team: the owner first, then the members by when they joined, then the open invitations. */
export async function teamOf(deps: TeamDeps, user: Identity, now = new Date()): Promise<TeamResponse> {
  const account = await ownAccount(deps, user);
  const [members, invitations] = await Promise.all([
    deps.team.members(deps.db, account.id),
    deps.team.invitations(deps.db, account.id),
  ]);
  return {
    members: [
      { userId: user.id, email: user.email, role: 'owner', joinedAt: account.createdAt.toISOString() },
      ...members.map(toMember),
    ],
    invitations: invitations.filter((row) => row.expiresAt > now).map(toInvitation),
  };
}

/**
 * Invites a colleague: stored with the hash of a fresh secret, audited, then mailed to the address in the
 * language given with a link that carries the secret. Without its mail the invitation could never be
 * accepted, so a mail that cannot be sent withdraws it (503).
 */
export async function inviteMember(
  deps: TeamDeps,
  context: AuditContext,
  user: Identity,
  input: InviteTeamMemberRequest,
  mail: { language: Language; link: (token: string) => string },
  now = new Date(),
): Promise<TeamInvitation> {
  if (input.email === user.email.toLowerCase()) throw conflict(inviteSelfMessage);
  const token = randomBytes(32).toString('base64url');
  const { account, invitation } = await deps.db.tx(async (tx) => {
    const account = await ownAccount(deps, user, tx);
    if (await deps.team.memberByEmail(tx, account.id, input.email)) throw conflict(alreadyMemberMessage);
    const open = await deps.team.lockInvitationTo(tx, account.id, input.email);
    if (open && open.expiresAt > now) throw conflict(alreadyInvitedMessage);
    // An expired one gives way to the new one.
    if (open) await deps.team.deleteInvitation(tx, account.id, open.id);
    const invitation = await deps.team.insertInvitation(
      tx,
      {
        id: randomUUID(),
        advertiserId: account.id,
        email: input.email,
        role: input.role,
        invitedBy: user.id,
        expiresAt: new Date(now.getTime() + invitationValidityDays * dayMs),
        tokenHash: hashInvitationToken(token),
      },
      now,
    );
    await auditSuccess(tx, deps.outbox, context, {
      action: 'team.invite',
      resource: 'team-invitation',
      resourceId: invitation.id,
      advertiserId: account.id,
      newData: { email: invitation.email, role: invitation.role },
    });
    return { account, invitation };
  });
  try {
    await deps.mail.send(
      teamInvitationMail({
        invitationId: invitation.id,
        to: invitation.email,
        language: mail.language,
        businessName: account.businessName,
        role: invitation.role,
        link: mail.link(token),
        validityDays: invitationValidityDays,
      }),
    );
  } catch (error) {
    deps.logger.warn({ err: error, invitationId: invitation.id }, 'team invitation not mailed');
    await deps.db.tx((tx) => deps.team.deleteInvitation(tx, account.id, invitation.id));
    throw new AppError(503, mailUnavailableMessage, 'MAIL_UNAVAILABLE');
  }
  return toInvitation(invitation);
}

export async function cancelInvitation(
  deps: TeamDeps,
  context: AuditContext,
  user: Identity,
  invitationId: string,
): Promise<void> {
  await deps.db.tx(async (tx) => {
    const account = await ownAccount(deps, user, tx);
    const gone = await deps.team.deleteInvitation(tx, account.id, invitationId);
    if (!gone) throw notFound(invitationNotFoundMessage);
    await auditSuccess(tx, deps.outbox, context, {
      action: 'team.invitation-withdraw',
      resource: 'team-invitation',
      resourceId: gone.id,
      advertiserId: account.id,
      oldData: { email: gone.email, role: gone.role },
    });
  });
}

export async function changeMemberRole(
  deps: TeamDeps,
  context: AuditContext,
  user: Identity,
  memberUserId: string,
  input: ChangeTeamMemberRoleRequest,
  now = new Date(),
): Promise<TeamMember> {
  return deps.db.tx(async (tx) => {
    const account = await ownAccount(deps, user, tx);
    const changed = await deps.team.setRole(tx, account.id, memberUserId, input.role);
    if (!changed) throw notFound(memberNotFoundMessage);
    await auditSuccess(tx, deps.outbox, context, {
      action: 'team.role-change',
      resource: 'team-member',
      resourceId: memberUserId,
      advertiserId: account.id,
      oldData: { email: changed.before.email, role: changed.before.role },
      newData: { email: changed.after.email, role: changed.after.role },
    });
    await announce(deps, tx, account, memberUserId, changed.after.role, now);
    return toMember(changed.after);
  });
}

export async function removeMember(
  deps: TeamDeps,
  context: AuditContext,
  user: Identity,
  memberUserId: string,
  now = new Date(),
): Promise<void> {
  await deps.db.tx(async (tx) => {
    const account = await ownAccount(deps, user, tx);
    const gone = await deps.team.deleteMember(tx, account.id, memberUserId);
    if (!gone) throw notFound(memberNotFoundMessage);
    await auditSuccess(tx, deps.outbox, context, {
      action: 'team.remove',
      resource: 'team-member',
      resourceId: memberUserId,
      advertiserId: account.id,
      oldData: { email: gone.email, role: gone.role },
    });
    await announce(deps, tx, account, memberUserId, null, now);
  });
}

/**
 * The signed-in person takes up an invitation with its link's secret: only with the address it was sent
 * to, and only while they work on no other account (their own profile, or another team).
 */
export async function acceptInvitation(
  deps: TeamDeps,
  context: AuditContext,
  user: Identity,
  token: string,
  now = new Date(),
): Promise<AcceptedTeamInvitation> {
  return deps.db.tx(async (tx) => {
    const invitation = await deps.team.lockInvitationByToken(tx, hashInvitationToken(token));
    if (!invitation || invitation.expiresAt <= now) throw notFound(invitationGoneMessage);
    if (invitation.email !== user.email.toLowerCase()) throw forbidden(otherAddressMessage);
    const current = await deps.advertisers.findByUser(tx, user.id);
    if (current?.role === 'owner') throw conflict(ownProfileMessage);
    if (current) throw conflict(otherTeamMessage);
    const account = (await deps.advertisers.findById(tx, invitation.advertiserId))!;
    await deps.team.insertMember(
      tx,
      {
        userId: user.id,
        advertiserId: account.id,
        email: invitation.email,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
      },
      now,
    );
    await deps.team.deleteInvitation(tx, account.id, invitation.id);
    await auditSuccess(tx, deps.outbox, context, {
      action: 'team.accept',
      resource: 'team-member',
      resourceId: user.id,
      advertiserId: account.id,
      newData: { email: invitation.email, role: invitation.role },
    });
    await announce(deps, tx, account, user.id, invitation.role, now);
    return { advertiserId: account.id, businessName: account.businessName, role: invitation.role };
  });
}
