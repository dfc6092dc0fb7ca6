import type { TeamMemberStore } from '../domain/team-members.ts';

export function createTeamMemberRepository(): TeamMemberStore {
  return {
    async apply(tx, change) {
      const rows = await tx.query(
        `INSERT INTO advertiser_team_members (member_user_id, owner_user_id, advertiser_id, role, changed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (member_user_id) DO UPDATE
           SET owner_user_id = EXCLUDED.owner_user_id, advertiser_id = EXCLUDED.advertiser_id,
               role = EXCLUDED.role, changed_at = EXCLUDED.changed_at
           WHERE advertiser_team_members.changed_at < EXCLUDED.changed_at
         RETURNING member_user_id`,
        [change.memberUserId, change.ownerUserId, change.advertiserId, change.role, change.changedAt],
      );
      return rows.length > 0;
    },
    async roleOf(db, userId) {
      const [row] = await db.query<{ role: 'manager' | 'viewer' | null }>(
        'SELECT role FROM advertiser_team_members WHERE member_user_id = $1',
        [userId],
      );
      return row?.role ?? undefined;
    },
    async forget(tx, userId) {
      const rows = await tx.query(
        `DELETE FROM advertiser_team_members WHERE member_user_id = $1 OR owner_user_id = $1
         RETURNING member_user_id`,
        [userId],
      );
      return rows.length;
    },
  };
}
