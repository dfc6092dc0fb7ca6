import type { Cache } from '../cache/cache.ts';
import type { Session } from './session.ts';

/**
 * Sessions are signed tokens, valid until they expire; signing out records the session's id here until
 * then, and the gateway refuses a recorded session, so a copied cookie stops working at sign-out.
 * A new password (a reset) revokes every session of its person at once: the moment is recorded under
 * the person's id, and a session signed before it is refused.
 * The list lives in the shared cache (Redis in the distributed mode), so every gateway replica sees it.
 */
export interface SessionRevocations {
  revoke(session: Session): Promise<void>;
  /**
   * Revokes every session of the person signed up to now, and answers the second from which sessions count
   * again: a session signed for them now must carry it as its issuedAt (signSession), since a token's
   * time has whole seconds only. ttlSeconds is the longest a session lives.
   */
  revokeAllOf(userId: string, ttlSeconds: number): Promise<number>;
  /** The second from which the person's sessions count (revokeAllOf), or undefined while all do. */
  validFrom(userId: string): Promise<number | undefined>;
  isRevoked(session: Session): Promise<boolean>;
}

const key = (sessionId: string) => `revoked-session:${sessionId}`;
const personKey = (userId: string) => `revoked-sessions-before:${userId}`;

export function createSessionRevocations(cache: Cache): SessionRevocations {
  return {
    async revoke(session) {
      const secondsLeft = Math.ceil(session.expiresAt - Date.now() / 1000);
      if (!session.sessionId || secondsLeft <= 0) return;
      await cache.set(key(session.sessionId), true, secondsLeft);
    },
    async revokeAllOf(userId, ttlSeconds) {
      // The next whole second: a session signed earlier in this one is refused too. Sessions signed since
      // the last revocation carry its second as theirs (they count from it), so a second revocation within
      // that second must move past it, or they would outlive it.
      const earlier = await cache.get<number | string>(personKey(userId));
      const from = Math.max(
        Math.floor(Date.now() / 1000) + 1,
        earlier === undefined ? 0 : Number(earlier) + 1,
      );
      await cache.set(personKey(userId), from, ttlSeconds + 1);
      return from;
    },
    async validFrom(userId) {
      const from = await cache.get<number | string>(personKey(userId));
      return from === undefined ? undefined : Number(from);
    },
    async isRevoked(session) {
      const [revokedOne, validFrom] = await Promise.all([
        // Sessions signed before ids existed cannot be revoked one by one; they expire as before.
        session.sessionId ? cache.get<boolean>(key(session.sessionId)) : undefined,
        cache.get<number | string>(personKey(session.identity.id)),
      ]);
      return revokedOne === true || (validFrom !== undefined && session.issuedAt < Number(validFrom));
    },
  };
}
