import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Identity } from './identity.ts';

export const SESSION_COOKIE = 'sid';

const SESSION_ALGORITHM = 'HS256';

/**
 * Each session has an id of its own (jti), so signing out can revoke exactly that session. `issuedAt` (epoch
 * seconds) is for a session signed just after its person's others were revoked (SessionRevocations'
 * revokeAllOf): it must not count as issued before that moment. `sessionId` is given where the session is
 * recorded under its id (identity's sessions table), or kept when a session is signed anew.
 */
export function signSession(
  identity: Identity,
  secret: string,
  ttlSeconds: number,
  issuedAt?: number,
  sessionId: string = randomUUID(),
): string {
  const claims = { email: identity.email, role: identity.role };
  return jwt.sign(issuedAt === undefined ? claims : { ...claims, iat: issuedAt }, secret, {
    algorithm: SESSION_ALGORITHM,
    subject: identity.id,
    expiresIn: ttlSeconds,
    audience: 'session',
    jwtid: sessionId,
  });
}

/** A verified session: who it is, which session, when it was signed and when it expires (epoch seconds). */
export interface Session {
  identity: Identity;
  sessionId: string | undefined;
  issuedAt: number;
  expiresAt: number;
}

/** The only header fields and claims our sessions carry; a token with anything else was not made by us. */
const SESSION_HEADER_FIELDS = new Set(['alg', 'typ']);
const SESSION_CLAIMS = new Set(['sub', 'email', 'role', 'exp', 'iat', 'aud', 'jti']);

const onlyKnown = (object: object, allowed: Set<string>) =>
  Object.keys(object).every((key) => allowed.has(key));

/**
 * The secret as a key, made once: given the string, jsonwebtoken tries it as a public key first (a thrown
 * error) and then makes the key, on every request, which a profile of the gateway found to be a tenth of
 * its time under load.
 */
const secretKeys = new Map<string, KeyObject>();
function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    // A process holds a secret or two (a rotation's old and new); the bound is against misuse only.
    if (secretKeys.size >= 16) secretKeys.clear();
    key = createSecretKey(Buffer.from(secret));
    secretKeys.set(secret, key);
  }
  return key;
}

function readClaims(token: string, secret: string, audience: string): Session | undefined {
  try {
    const { header, payload } = jwt.verify(token, secretKeyOf(secret), {
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
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
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
