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

describe('where a sign-out may come from', () => {
  const stillSignedIn = async (cookie: string) =>
    (await fetch(`${stack.baseUrl}/api/auth/user`, { headers: { cookie } })).status === 200;

  it('when the header posts to /api/logout from our own page, then 204 ends the session and clears the cookie', async () => {
    const session = await signUp(stack.baseUrl);

    const response = await fetch(`${stack.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.getSetCookie()[0]).toMatch(/^sid=;/);
    expect(await stillSignedIn(session.cookie)).toBe(false);
  });

  it('when another site posts to /api/logout, then 403 and the session lives on', async () => {
    const session = await signUp(stack.baseUrl);

    const response = await fetch(`${stack.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });

    expect(response.status).toBe(403);
    expect(await stillSignedIn(session.cookie)).toBe(true);
  });

  it.each([
    ['a cross-site link or image', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
    ['an old browser on another site', { referer: 'https://evil.example/page' }],
  ])('when %s GETs /api/logout, then it only goes home and the session lives on', async (_what, headers) => {
    const session = await signUp(stack.baseUrl);

    const response = await fetch(`${stack.baseUrl}/api/logout`, {
      headers: { cookie: session.cookie, ...headers },
      redirect: 'manual',
    });

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await stillSignedIn(session.cookie)).toBe(true);
  });

  it.each([
    ['a link on our own page', () => ({ 'sec-fetch-site': 'same-origin' })],
    ['the address typed in', () => ({ 'sec-fetch-site': 'none' })],
    ['an old browser on our own page', () => ({ referer: `${stack.baseUrl}/favorites` })],
  ])('when %s navigates to /api/logout, then the session ends', async (_what, headers) => {
    const session = await signUp(stack.baseUrl);

    const response = await fetch(`${stack.baseUrl}/api/logout`, {
      headers: { cookie: session.cookie, ...headers() },
      redirect: 'manual',
    });

    expect(response.status).toBe(302);
    expect(await stillSignedIn(session.cookie)).toBe(false);
  });
});
