import type { Request, Response } from 'express';
import { readCookie, readSession, SESSION_COOKIE, type Identity, type Session } from '@laundry/platform/auth';
import { recordSession } from '../domain/account-sessions.ts';
import { describeClient } from '../domain/describe-client.ts';
import type { SessionRepository } from '../domain/session-store.ts';
import { setSessionCookie, type SessionSettings } from './session-cookie.ts';

/** Hands out sessions: each one recorded in the sessions table under the id its cookie carries. */
export interface SessionIssuer {
  /** A new session for the browser asking: its row, then its cookie. */
  start(req: Request, res: Response, identity: Identity, validFrom?: number): Promise<void>;
  /**
   * The asking browser's session signed anew under the same id and with the same end (its row stays
   * right): with a changed address, or as of `validFrom` after the person's other sessions were ended.
   */
  renew(res: Response, session: Session, identity: Identity, validFrom?: number): void;
  /** The asking browser's own session, from its cookie; undefined when it has none or a forged one. */
  current(req: Request): Session | undefined;
}

export function createSessionIssuer(deps: {
  sessions: SessionRepository;
  settings: SessionSettings;
  /**
   * Records that the person now holds a session with an admin role, so that taking their address off
   * ADMIN_EMAILS ends it (endUnlistedAdminSessions).
   */
  recordAdminSession?: (userId: string) => Promise<void>;
}): SessionIssuer {
  const { sessions, settings } = deps;
  return {
    async start(req, res, identity, validFrom) {
      if (identity.role === 'admin') await deps.recordAdminSession?.(identity.id);
      const client = describeClient(req.get('user-agent'), req.clientAddress);
      const sid = await recordSession({ sessions, ttlSeconds: settings.ttlSeconds }, identity.id, client);
      setSessionCookie(res, identity, settings, validFrom, sid);
    },
    renew(res, session, identity, validFrom) {
      if (identity.role === 'admin' && deps.recordAdminSession) {
        deps
          .recordAdminSession(identity.id)
          .catch((err: unknown) => res.req.log.error({ err }, 'admin session not recorded'));
      }
      const secondsLeft = Math.max(1, session.expiresAt - Math.floor(Date.now() / 1000));
      setSessionCookie(res, identity, { ...settings, ttlSeconds: secondsLeft }, validFrom, session.sessionId);
    },
    current(req) {
      return readSession(readCookie(req.headers.cookie, SESSION_COOKIE), settings.secret);
    },
  };
}
