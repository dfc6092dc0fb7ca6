import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp } from '../../../../test/support/session.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.stop());

const signOut = (cookie: string) =>
  fetch(`${stack.baseUrl}/api/logout`, { headers: { cookie }, redirect: 'manual' });

describe('signing out through the gateway', () => {
  it('when a user signs out, then a copy of the old session cookie no longer signs anyone in', async () => {
    const session = await signUp(stack.baseUrl);
    const asUser = apiClient(stack.baseUrl, session);
    expect((await asUser('/api/auth/user')).status).toBe(200);

    const response = await signOut(session.cookie);

    expect(response.status).toBe(302);
    expect((await asUser('/api/auth/user')).status).toBe(401);
    expect((await asUser('/api/favorites')).status).toBe(401);
  });

  it('when one of two sessions of the same user signs out, then the other stays signed in', async () => {
    const first = await signUp(stack.baseUrl);
    const login = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: first.user.email, password: 'correct horse battery' }),
    });
    const second = { ...first, cookie: login.headers.getSetCookie()[0]!.split(';')[0]! };

    await signOut(first.cookie);

    expect((await apiClient(stack.baseUrl, first)('/api/auth/user')).status).toBe(401);
    expect((await apiClient(stack.baseUrl, second)('/api/auth/user')).status).toBe(200);
  });
});
