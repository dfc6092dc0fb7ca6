import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';

vi.setConfig({ testTimeout: 30_000 });

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.stop());

const post = (path: string, body: unknown) =>
  fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const sessionOf = (response: Response, user: Session['user']): Session => ({
  cookie: response.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))!
    .split(';')[0]!,
  user,
});

/** The token of the newest reset mail to the address, from the stack's local outbox. */
async function resetToken(email: string): Promise<string> {
  let text = '';
  await eventually(async () => {
    const [mail] = await stack.identityDb.query<{ text_body: string }>(
      `SELECT text_body FROM mail_outbox WHERE recipient = $1 AND text_body LIKE '%reset-password%'
       ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    text = mail?.text_body ?? '';
    return text !== '';
  });
  return /token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
}

describe('a password reset through the gateway', () => {
  test('when the password is reset, then every session signed before is signed out and the new one, and a sign-in right after, work', async () => {
    const first = await signUp(stack.baseUrl);
    const second = sessionOf(
      await post('/api/auth/login', { email: first.user.email, password: 'correct horse battery' }),
      first.user,
    );
    for (const session of [first, second]) {
      expect((await apiClient(stack.baseUrl, session)('/api/auth/user')).status).toBe(200);
    }
    expect((await post('/api/auth/forgot-password', { email: first.user.email })).status).toBe(202);

    const reset = await post('/api/auth/reset-password', {
      token: await resetToken(first.user.email),
      password: 'a new horse battery',
    });
    const signIn = await post('/api/auth/login', {
      email: first.user.email,
      password: 'a new horse battery',
    });

    expect(reset.status).toBe(200);
    expect(signIn.status).toBe(200);
    for (const session of [first, second]) {
      expect((await apiClient(stack.baseUrl, session)('/api/auth/user')).status).toBe(401);
    }
    for (const session of [sessionOf(reset, first.user), sessionOf(signIn, first.user)]) {
      const answer = await apiClient(stack.baseUrl, session)('/api/auth/user');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ id: first.user.id, emailVerified: true });
    }
  });

  test('when someone else resets their password, then this person stays signed in', async () => {
    const bystander = await signUp(stack.baseUrl);
    const other = await signUp(stack.baseUrl);
    await post('/api/auth/forgot-password', { email: other.user.email });

    await post('/api/auth/reset-password', {
      token: await resetToken(other.user.email),
      password: 'other new password',
    });

    expect((await apiClient(stack.baseUrl, bystander)('/api/auth/user')).status).toBe(200);
  });
});
