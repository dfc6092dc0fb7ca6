import type { Db } from '@laundry/platform/db';
import type { SessionRecord, SessionRepository } from '../domain/session-store.ts';

const columns = `sid, user_id AS "userId", browser, os, address, created_at AS "createdAt",
  last_seen_at AS "lastSeenAt", expires_at AS "expiresAt"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSessionRepository(db: Db): SessionRepository {
  return {
    async insert(session) {
      await db.query(
        `INSERT INTO sessions (sid, user_id, browser, os, address, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [session.sid, session.userId, session.browser, session.os, session.address, session.expiresAt],
      );
    },
    async listActive(userId) {
      return db.query<SessionRecord>(
        `SELECT ${columns} FROM sessions
         WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
         ORDER BY created_at DESC`,
        [userId],
      );
    },
    async touch(sid, userId, everySeconds) {
      // Sessions signed before ids were uuids (or before this table) have no row to touch.
      if (!UUID.test(sid)) return;
      await db.query(
        `UPDATE sessions SET last_seen_at = now()
         WHERE sid = $1 AND user_id = $2 AND last_seen_at < now() - make_interval(secs => $3)`,
        [sid, userId, everySeconds],
      );
    },
    async end(userId, sid) {
      if (!UUID.test(sid)) return undefined;
      const [row] = await db.query<SessionRecord>(
        `UPDATE sessions SET ended_at = now()
         WHERE sid = $1 AND user_id = $2 AND ended_at IS NULL AND expires_at > now()
         RETURNING ${columns}`,
        [sid, userId],
      );
      return row;
    },
    async endAllExcept(userId, keep) {
      return db.query<SessionRecord>(
        `UPDATE sessions SET ended_at = now()
         WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now() AND sid IS DISTINCT FROM $2::uuid
         RETURNING ${columns}`,
        [userId, keep !== undefined && UUID.test(keep) ? keep : null],
      );
    },
  };
}
