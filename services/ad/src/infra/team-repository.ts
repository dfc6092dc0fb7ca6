import type { InvitationRow, MemberRow, TeamStore } from '../domain/team-store.ts';

const memberColumns = `user_id AS "userId", advertiser_id AS "advertiserId", email, role, joined_at AS "joinedAt"`;
const invitationColumns = `id, advertiser_id AS "advertiserId", email, role, invited_by AS "invitedBy",
  created_at AS "createdAt", expires_at AS "expiresAt"`;

export function createTeamRepository(): TeamStore {
  return {
    members: (db, advertiserId) =>
      db.query<MemberRow>(
        `SELECT ${memberColumns} FROM advertiser_members WHERE advertiser_id = $1 ORDER BY joined_at, email`,
        [advertiserId],
      ),
    invitations: (db, advertiserId) =>
      db.query<InvitationRow>(
        `SELECT ${invitationColumns} FROM advertiser_invitations WHERE advertiser_id = $1
         ORDER BY created_at, email`,
        [advertiserId],
      ),
    async membershipOf(db, userId) {
      const [row] = await db.query<MemberRow>(
        `SELECT ${memberColumns} FROM advertiser_members WHERE user_id = $1`,
        [userId],
      );
      return row;
    },
    async memberByEmail(db, advertiserId, email) {
      const [row] = await db.query<MemberRow>(
        `SELECT ${memberColumns} FROM advertiser_members WHERE advertiser_id = $1 AND email = $2`,
        [advertiserId, email],
      );
      return row;
    },
    async lockInvitationTo(tx, advertiserId, email) {
      const [row] = await tx.query<InvitationRow>(
        `SELECT ${invitationColumns} FROM advertiser_invitations WHERE advertiser_id = $1 AND email = $2
         FOR UPDATE`,
        [advertiserId, email],
      );
      return row;
    },
    async insertInvitation(tx, invitation, now) {
      const [row] = await tx.query<InvitationRow>(
        `INSERT INTO advertiser_invitations (id, advertiser_id, email, role, token_hash, invited_by, created_at,
                                             expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${invitationColumns}`,
        [
          invitation.id,
          invitation.advertiserId,
          invitation.email,
          invitation.role,
          invitation.tokenHash,
          invitation.invitedBy,
          now,
          invitation.expiresAt,
        ],
      );
      return row!;
    },
    async deleteInvitation(tx, advertiserId, id) {
      const [row] = await tx.query<InvitationRow>(
        `DELETE FROM advertiser_invitations WHERE advertiser_id = $1 AND id = $2 RETURNING ${invitationColumns}`,
        [advertiserId, id],
      );
      return row;
    },
    async lockInvitationByToken(tx, tokenHash) {
      const [row] = await tx.query<InvitationRow>(
        `SELECT ${invitationColumns} FROM advertiser_invitations WHERE token_hash = $1 FOR UPDATE`,
        [tokenHash],
      );
      return row;
    },
    async insertMember(tx, member, now) {
      const [row] = await tx.query<MemberRow>(
        `INSERT INTO advertiser_members (user_id, advertiser_id, email, role, invited_by, joined_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${memberColumns}`,
        [member.userId, member.advertiserId, member.email, member.role, member.invitedBy, now],
      );
      return row!;
    },
    async setRole(tx, advertiserId, userId, role) {
      const [before] = await tx.query<MemberRow>(
        `SELECT ${memberColumns} FROM advertiser_members WHERE advertiser_id = $1 AND user_id = $2 FOR UPDATE`,
        [advertiserId, userId],
      );
      if (!before) return undefined;
      const [after] = await tx.query<MemberRow>(
        `UPDATE advertiser_members SET role = $3, updated_at = now() WHERE advertiser_id = $1 AND user_id = $2
         RETURNING ${memberColumns}`,
        [advertiserId, userId, role],
      );
      return { before, after: after! };
    },
    async deleteMember(tx, advertiserId, userId) {
      const [row] = await tx.query<MemberRow>(
        `DELETE FROM advertiser_members WHERE advertiser_id = $1 AND user_id = $2 RETURNING ${memberColumns}`,
        [advertiserId, userId],
      );
      return row;
    },
  };
}
