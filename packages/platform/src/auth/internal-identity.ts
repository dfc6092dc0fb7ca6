import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Identity, Role } from './identity.ts';

/** Set by the gateway only; the gateway strips it from every incoming request. */
export const INTERNAL_IDENTITY_HEADER = 'x-internal-identity';

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
