import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationType, type NotificationType } from '@laundry/contracts';

/** Long enough for an old mail's link to still work; a link is only ever able to turn one type off. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;

export interface UnsubscribeClaims {
  userId: string;
  type: NotificationType;
}

/** A key of its own, derived from the session secret, so no further secret has to be set. */
export const unsubscribeKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('notification-unsubscribe').digest();

const mac = (payload: string, key: Buffer) => createHmac('sha256', key).update(payload).digest();

/**
 * The one-click link's token: who and which type, until when, signed. Nothing is stored for it, so a mail's
 * link works without a session and without a table of issued links.
 */
export function signUnsubscribeToken(
  key: Buffer,
  claims: UnsubscribeClaims,
  now = new Date(),
  ttlSeconds = UNSUBSCRIBE_TOKEN_TTL_SECONDS,
): string {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = Buffer.from(JSON.stringify({ u: claims.userId, t: claims.type, exp })).toString(
    'base64url',
  );
  return `${payload}.${mac(payload, key).toString('base64url')}`;
}

/** The claims of a token we signed that has not expired; undefined for anything else. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
  now = new Date(),
): UnsubscribeClaims | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(payload, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: { u?: unknown; t?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return undefined;
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) return undefined;
  if (typeof claims.u !== 'string' || typeof claims.t !== 'string' || !isNotificationType(claims.t))
    return undefined;
  return { userId: claims.u, type: claims.t };
}
