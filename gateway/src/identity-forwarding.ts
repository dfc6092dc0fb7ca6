import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  INTERNAL_IDENTITY_HEADER,
  SESSION_COOKIE,
  readCookie,
  readSession,
  signInternalIdentity,
  type Identity,
  type SessionRevocations,
} from '@laundry/platform/auth';

/**
 * Verifies the session cookie once, here, and hands the services a short-lived signed identity instead,
 * with the client's address as this gateway's trust-proxy setting reads it (the one place that decides it).
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
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? '';
    const forward = (user: Identity | undefined) => {
      req.user = user;
      req.headers[INTERNAL_IDENTITY_HEADER] = signInternalIdentity(user, internalSecret, clientAddress);
      next();
    };
    const session = readSession(readCookie(req.headers.cookie, SESSION_COOKIE), sessionSecret);
    if (!session) return forward(undefined);
    isRevoked(session).then((revoked) => forward(revoked ? undefined : session.identity), next);
  };
}
