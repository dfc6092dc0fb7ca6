import type { CookieOptions, Response } from 'express';
import { SESSION_COOKIE, signSession, type Identity } from '@laundry/platform/auth';

export interface SessionSettings {
  secret: string;
  ttlSeconds: number;
  secure: boolean;
}

const baseOptions = (settings: SessionSettings): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: settings.secure,
  path: '/',
});

/**
 * An answer that sets or clears the session is never cached: it carries the credential itself.
 * `validFrom` is the second from which the person's sessions count again after all were ended (a password
 * reset); a session signed earlier than that would be refused, so it is signed as of then. `sessionId` is
 * the session's row in the sessions table.
 */
export function setSessionCookie(
  res: Response,
  identity: Identity,
  settings: SessionSettings,
  validFrom?: number,
  sessionId?: string,
): void {
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = validFrom !== undefined && validFrom > now ? validFrom : undefined;
  res.set('Cache-Control', 'no-store');
  res.cookie(
    SESSION_COOKIE,
    signSession(identity, settings.secret, settings.ttlSeconds, issuedAt, sessionId),
    {
      ...baseOptions(settings),
      maxAge: settings.ttlSeconds * 1000,
    },
  );
}

/** Browsers only drop a cookie when the clearing one has the same name, path and flags. */
export function clearSessionCookie(res: Response, settings: SessionSettings): void {
  res.set('Cache-Control', 'no-store');
  res.clearCookie(SESSION_COOKIE, baseOptions(settings));
}
