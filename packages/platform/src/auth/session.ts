import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Request, RequestHandler } from 'express';
import { forbidden, unauthorized } from '../http/error-handler.ts';

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

/** The only header fields and claims our sessions carry; a token with anything else was not made by us. */
const SESSION_HEADER_FIELDS = new Set(['alg', 'typ']);
const SESSION_CLAIMS = new Set(['sub', 'email', 'role', 'exp', 'iat', 'aud', 'jti']);

const onlyKnown = (object: object, allowed: Set<string>) =>
  Object.keys(object).every((key) => allowed.has(key));

function readClaims(token: string, secret: string, audience: string): Session | undefined {
  try {
    const { header, payload } = jwt.verify(token, secret, {
      algorithms: [SESSION_ALGORITHM],
      audience,
      complete: true,
    });
    // jsonwebtoken ignores `crit` and any header or claim it does not know (RFC 7515 §4.1.11 says refuse).
    if (typeof payload === 'string' || !onlyKnown(header, SESSION_HEADER_FIELDS)) return undefined;
    if (!onlyKnown(payload, SESSION_CLAIMS)) return undefined;
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return undefined;
    if (payload.role !== undefined && payload.role !== 'user' && payload.role !== 'admin') return undefined;
    return {
      identity: { id: payload.sub, email: payload.email, role: payload.role === 'admin' ? 'admin' : 'user' },
      sessionId: typeof payload.jti === 'string' ? payload.jti : undefined,
      expiresAt: typeof payload.exp === 'number' ? payload.exp : 0,
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

/** What the gateway vouches for on every request it forwards: the client's address and who is signed in. */
export interface ForwardedIdentity {
  user?: Identity;
  clientAddress: string;
}

const INTERNAL_TOKEN_TTL_SECONDS = 60;

const hmac = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * The gateway decides the client's address once (behind the proxies it trusts) and signs it, with the
 * signed-in user if any, into a short-lived token: services never read X-Forwarded-For themselves, so a
 * hop they happen to trust cannot choose the address their throttles count. An HMAC-SHA256 over a small
 * JSON payload rather than a JWT, because it is signed on every request
 * (docs/adr/0001-internal-identity-token.md).
 */
export function signInternalIdentity(
  identity: Identity | undefined,
  secret: string,
  clientAddress = '',
): string {
  const claims = {
    ip: clientAddress,
    exp: Math.floor(Date.now() / 1000) + INTERNAL_TOKEN_TTL_SECONDS,
    ...(identity && { sub: identity.id, email: identity.email, role: identity.role }),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${hmac(payload, secret).toString('base64url')}`;
}

/** A token the gateway signed in the last minute, or undefined for anything else. */
export function readInternalIdentity(token: string, secret: string): ForwardedIdentity | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = hmac(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof claims.exp !== 'number' || claims.exp < Date.now() / 1000) return undefined;
  const clientAddress = typeof claims.ip === 'string' ? claims.ip : '';
  if (typeof claims.sub !== 'string') return { clientAddress };
  const role: Role = claims.role === 'admin' ? 'admin' : 'user';
  return { clientAddress, user: { id: claims.sub, email: String(claims.email), role } };
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: Identity;
    /** The client's address as the gateway saw it; the socket's peer when no gateway vouches for one. */
    clientAddress?: string;
  }
}

/** Services trust identity and client address only when they carry the gateway's signature. */
export function internalIdentity(secret: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers[INTERNAL_IDENTITY_HEADER];
    const forwarded = typeof header === 'string' ? readInternalIdentity(header, secret) : undefined;
    req.user = forwarded?.user;
    req.clientAddress = forwarded?.clientAddress || req.socket.remoteAddress || 'unknown';
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
