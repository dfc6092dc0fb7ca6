import type { Cache } from '../cache/cache.ts';
import type { Session } from './session.ts';

/**
 * Sessions are signed tokens, valid until they expire; signing out records the session's id here until
 * then, and the gateway refuses a recorded session, so a copied cookie stops working at sign-out.
 * The list lives in the shared cache (Redis in the distributed mode), so every gateway replica sees it.
 */
export interface SessionRevocations {
  revoke(session: Session): Promise<void>;
  isRevoked(session: Session): Promise<boolean>;
}

const key = (sessionId: string) => `revoked-session:${sessionId}`;

export function createSessionRevocations(cache: Cache): SessionRevocations {
  return {
    async revoke(session) {
      const secondsLeft = Math.ceil(session.expiresAt - Date.now() / 1000);
      if (!session.sessionId || secondsLeft <= 0) return;
      await cache.set(key(session.sessionId), true, secondsLeft);
    },
    async isRevoked(session) {
      // Sessions signed before ids existed cannot be revoked one by one; they expire as before.
      if (!session.sessionId) return false;
      return (await cache.get<boolean>(key(session.sessionId))) === true;
    },
  };
}
