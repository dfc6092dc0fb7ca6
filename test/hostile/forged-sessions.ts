import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** Claims of a session, as the identity service signs them. */
export interface SessionClaims {
  sub: string;
  email: string;
  role: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT put together by hand, so its header can say what no library would sign. */
export function handMadeToken(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | undefined,
): string {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(signingInput).digest('base64url') : '';
  return `${signingInput}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);

function sessionPayload(claims: SessionClaims, overrides: Record<string, unknown> = {}) {
  return {
    email: claims.email,
    role: claims.role,
    sub: claims.sub,
    aud: 'session',
    jti: randomUUID(),
    iat: now(),
    exp: now() + 3600,
    ...overrides,
  };
}

/** Every way of presenting a session the gateway must treat as no session at all. */
export type ForgedSessionKind =
  | 'wrong-secret'
  | 'alg-none'
  | 'crit-header'
  | 'expired'
  | 'internal-audience'
  | 'not-a-jwt'
  | 'mangled-cookie'
  | 'spoofed-identity-header';

export const forgedSessionKinds: ForgedSessionKind[] = [
  'wrong-secret',
  'alg-none',
  'crit-header',
  'expired',
  'internal-audience',
  'not-a-jwt',
  'mangled-cookie',
  'spoofed-identity-header',
];

/**
 * The headers of a forged session claiming `claims` (the victim, as an admin). Those signed with the real
 * secret are refused for what they say: expired, meant for another audience, or with a `crit` header naming
 * an extension nobody here understands (RFC 7515 §4.1.11).
 */
export function forgedSessionHeaders(
  kind: ForgedSessionKind,
  claims: SessionClaims,
  sessionSecret: string,
): Record<string, string> {
  const cookie = (token: string) => ({ cookie: `sid=${token}` });
  switch (kind) {
    case 'wrong-secret':
      return cookie(
        handMadeToken({ alg: 'HS256', typ: 'JWT' }, sessionPayload(claims), randomBytes(32).toString('hex')),
      );
    case 'alg-none':
      return cookie(handMadeToken({ alg: 'none', typ: 'JWT' }, sessionPayload(claims), undefined));
    case 'crit-header':
      return cookie(
        handMadeToken(
          { alg: 'HS256', typ: 'JWT', crit: ['laundry-hostile'], 'laundry-hostile': true },
          sessionPayload(claims),
          sessionSecret,
        ),
      );
    case 'expired':
      return cookie(
        handMadeToken(
          { alg: 'HS256', typ: 'JWT' },
          sessionPayload(claims, { iat: now() - 7200, exp: now() - 3600 }),
          sessionSecret,
        ),
      );
    case 'internal-audience':
      return cookie(
        handMadeToken(
          { alg: 'HS256', typ: 'JWT' },
          sessionPayload(claims, { aud: 'internal' }),
          sessionSecret,
        ),
      );
    case 'not-a-jwt':
      return cookie(`${randomBytes(24).toString('base64url')}.${randomBytes(8).toString('hex')}`);
    case 'mangled-cookie':
      return { cookie: 'sid=%E0%A4%A; sid' };
    case 'spoofed-identity-header':
      return {
        'x-internal-identity': handMadeToken(
          { alg: 'HS256', typ: 'JWT' },
          { ...sessionPayload(claims), aud: 'internal' },
          randomBytes(32).toString('hex'),
        ),
      };
  }
}
