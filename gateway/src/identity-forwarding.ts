import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  INTERNAL_IDENTITY_HEADER,
  SESSION_COOKIE,
  readCookie,
  readSession,
  signInternalIdentity,
  type SessionRevocations,
} from '@laundry/platform';

/**
 * Verifies the session cookie once, here, and hands the services a short-lived signed identity instead.
 * Whatever identity header a client sends is dropped first, so it can never be spoofed from outside.
 * A session signed out of (revoked) reads as no session.
 */
export function forwardIdentity(
  sessionSecret: string,
  internalSecret: string,
  revocations?: SessionRevocations,
  logger?: Logger,
): RequestHandler {
  const isRevoked = async (session: Parameters<SessionRevocations['isRevoked']>[0]) => {
    if (!revocations) return false;
    try {
      return await revocations.isRevoked(session);
    } catch (err) {
      // The cache being down must not sign everyone out; revocation is a second line behind expiry.
      logger?.warn({ err }, 'session revocation list unavailable; accepting the signed session');
      return false;
    }
  };
  return (req, _res, next) => {
    delete req.headers[INTERNAL_IDENTITY_HEADER];
    const session = readSession(readCookie(req.headers.cookie, SESSION_COOKIE), sessionSecret);
    if (!session) return next();
    isRevoked(session).then((revoked) => {
      if (!revoked) {
        req.user = session.identity;
        req.headers[INTERNAL_IDENTITY_HEADER] = signInternalIdentity(session.identity, internalSecret);
      }
      next();
    }, next);
  };
}
