import type { RequestHandler } from 'express';
import {
  INTERNAL_IDENTITY_HEADER,
  SESSION_COOKIE,
  signInternalIdentity,
  verifySession,
} from '@laundry/platform';

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined; // a mangled cookie is no session, not a server error
      }
    }
  }
  return undefined;
}

/**
 * Verifies the session cookie once, here, and hands the services a short-lived signed identity instead.
 * Whatever identity header a client sends is dropped first, so it can never be spoofed from outside.
 */
export function forwardIdentity(sessionSecret: string, internalSecret: string): RequestHandler {
  return (req, _res, next) => {
    delete req.headers[INTERNAL_IDENTITY_HEADER];
    const identity = verifySession(readCookie(req.headers.cookie, SESSION_COOKIE), sessionSecret);
    if (identity) {
      req.user = identity;
      req.headers[INTERNAL_IDENTITY_HEADER] = signInternalIdentity(identity, internalSecret);
    }
    next();
  };
}
