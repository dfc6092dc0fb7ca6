import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNAL_IDENTITY_HEADER,
  signInternalIdentity,
  signSession,
  type Identity,
} from '@laundry/platform/auth';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { startDirectoryStack, type TestStack } from '../support/directory-stack.ts';

let stack: TestStack;
let session: Session;
let identity: Identity;

beforeAll(async () => {
  stack = await startDirectoryStack();
  session = await signUp(stack.baseUrl);
  identity = { id: session.user.id, email: session.user.email, role: 'user' };
});

afterAll(() => stack?.stop());

const withCookie = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}${path}`, { headers: { cookie, ...headers } });

describe('session cookies at /api/favorites and /api/auth/user', () => {
  it('when the cookie is the one sign-up set, then both answer 200', async () => {
    expect((await withCookie('/api/favorites', session.cookie)).status).toBe(200);
    expect((await withCookie('/api/auth/user', session.cookie)).status).toBe(200);
  });

  it.each([
    [
      'signed with another secret',
      () => `sid=${signSession(identity, randomBytes(32).toString('hex'), 3600)}`,
    ],
    ['expired', () => `sid=${signSession(identity, stack.env.SESSION_SECRET!, -60)}`],
    [
      'an internal token, not a session',
      () => `sid=${signInternalIdentity(identity, stack.env.SESSION_SECRET!)}`,
    ],
    ['altered after signing', () => `sid=${session.cookie.slice(4, -3)}abc`],
    ['not a token at all', () => 'sid=hello'],
  ])('when the session cookie is %s, then both answer 401', async (_case, cookie) => {
    expect((await withCookie('/api/favorites', cookie())).status).toBe(401);
    expect((await withCookie('/api/auth/user', cookie())).status).toBe(401);
  });

  it('when a signed-in admin role is forged into a cookie with another secret, then approving is 401', async () => {
    const forged = signSession({ ...identity, role: 'admin' }, randomBytes(32).toString('hex'), 3600);

    const response = await fetch(
      `${stack.baseUrl}/api/laundromats/6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab/approve`,
      {
        method: 'POST',
        headers: { cookie: `sid=${forged}` },
      },
    );

    expect(response.status).toBe(401);
  });

  it('when a client sends the internal identity header itself, then the gateway drops it and the answer is 401', async () => {
    const header = { [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, stack.env.INTERNAL_SECRET!) };

    const response = await fetch(`${stack.baseUrl}/api/favorites`, { headers: header });

    expect(response.status).toBe(401);
  });
});
