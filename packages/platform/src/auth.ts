import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from './errors.ts';

export type Role = 'user' | 'admin';

export interface Identity {
  id: string;
  email: string;
  role: Role;
}

export const SESSION_COOKIE = 'sid';
/** Set by the gateway only; the gateway strips it from every incoming request. */
export const INTERNAL_IDENTITY_HEADER = 'x-internal-identity';

const SESSION_ALGORITHM = 'HS256';

/** Each session has an id of its own (jti), so signing out can revoke exactly that session. */
export function signSession(identity: Identity, secret: string, ttlSeconds: number): string {
  return jwt.sign({ email: identity.email, role: identity.role }, secret, {
    algorithm: SESSION_ALGORITHM,
    subject: identity.id,
    expiresIn: ttlSeconds,
    audience: 'session',
    jwtid: randomUUID(),
  });
}

/** A verified session: who it is, which session, and when it expires (epoch seconds). */
export interface Session {
  identity: Identity;
  sessionId: string | undefined;
  expiresAt: number;
}

function readClaims(token: string, secret: string, audience: string): Session | undefined {
  try {
    const claims = jwt.verify(token, secret, { algorithms: [SESSION_ALGORITHM], audience }) as jwt.JwtPayload;
    if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return undefined;
    return {
      identity: { id: claims.sub, email: claims.email, role: claims.role === 'admin' ? 'admin' : 'user' },
      sessionId: typeof claims.jti === 'string' ? claims.jti : undefined,
      expiresAt: typeof claims.exp === 'number' ? claims.exp : 0,
    };
  } catch {
    return undefined;
  }
}

function readIdentity(token: string, secret: string, audience: string): Identity | undefined {
  return readClaims(token, secret, audience)?.identity;
}

/** One cookie's value from a Cookie header; undefined when absent or mangled. */
export function readCookie(header: string | undefined, name: string): string | undefined {
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

/** A forged, expired or malformed session reads as no session at all. */
export function verifySession(token: string | undefined, secret: string): Identity | undefined {
  return token ? readIdentity(token, secret, 'session') : undefined;
}

/** Like verifySession, with the session's id and expiry, for revocation. */
export function readSession(token: string | undefined, secret: string): Session | undefined {
  return token ? readClaims(token, secret, 'session') : undefined;
}

/** Short-lived token the gateway attaches for the services, so they need not share the session secret. */
export function signInternalIdentity(identity: Identity, secret: string): string {
  return jwt.sign({ email: identity.email, role: identity.role }, secret, {
    algorithm: SESSION_ALGORITHM,
    subject: identity.id,
    expiresIn: 60,
    audience: 'internal',
  });
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: Identity;
  }
}

/** Services trust identity only when it carries the gateway's signature. */
export function internalIdentity(secret: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers[INTERNAL_IDENTITY_HEADER];
    req.user = typeof header === 'string' ? readIdentity(header, secret, 'internal') : undefined;
    next();
  };
}

export function currentUser(req: Request): Identity {
  if (!req.user) throw unauthorized();
  return req.user;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(unauthorized());
    next(req.user.role === role ? undefined : forbidden('You do not have permission to do this.'));
  };
}
