import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { verifySession } from '@laundry/platform/auth';
import {
  postJson,
  readSessionCookie,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';

// argon2id (64 MiB, t=3) takes most of a second per call on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

let server: IdentityTestServer;
const ADMIN_EMAIL = 'boss.register@example.com';

beforeAll(async () => {
  server = await startIdentityServer({ ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other@example.com` });
}, 60_000);
afterAll(() => server?.stop());

const register = (body: unknown) => postJson(`${server.baseUrl}/api/auth/register`, body);
const validBody = (email: string) => ({
  email,
  password: 'correct horse battery',
  firstName: 'Ada',
  lastName: 'Lovelace',
  confirmAge13: true,
});
const countUsers = async () =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;

describe('POST /api/auth/register', () => {
  describe('response', () => {
    test('when the sign-up is valid, then 202 says to check the mail, with no account and no session', async () => {
      const email = uniqueEmail('Ada');
      const response = await register({ ...validBody(`  ${email.toUpperCase()} `) });

      expect(response.status).toBe(202);
      expect(response.body).toEqual({ message: 'Check your e-mail to finish signing up.' });
      expect(response.headers.getSetCookie()).toEqual([]);
      const [row] = await server.db.query<{ email: string; email_verified_at: Date | null }>(
        'SELECT email, email_verified_at FROM users WHERE email = $1',
        [email.toLowerCase()],
      );
      expect(row).toEqual({ email: email.toLowerCase(), email_verified_at: null });
    });

    test('when the new account is verified, then signing in starts an httpOnly SameSite=Lax session for it', async () => {
      const email = uniqueEmail('cookie');
      await register(validBody(email));
      const beforeProof = await postJson(`${server.baseUrl}/api/auth/login`, {
        email,
        password: 'correct horse battery',
      });
      expect(beforeProof.status).toBe(401);
      expect(beforeProof.body).toEqual(expect.objectContaining({ message: 'Invalid email or password.' }));
      await server.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
      const response = await postJson<{ id: string; email: string }>(`${server.baseUrl}/api/auth/login`, {
        email,
        password: 'correct horse battery',
      });
      const cookie = readSessionCookie(response.headers);

      expect(cookie?.attributes).toEqual(
        expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${7 * 24 * 60 * 60}`]),
      );
      expect(cookie?.attributes).not.toContain('Secure'); // COOKIE_SECURE defaults to false outside production
      expect(verifySession(cookie?.value, server.config.SESSION_SECRET)).toEqual({
        id: response.body.id,
        email,
        role: 'user',
      });
    });

    test('when the email is in ADMIN_EMAILS, then the account is a user until its owner verifies it', async () => {
      expect((await register(validBody(ADMIN_EMAIL))).status).toBe(202);

      const [row] = await server.db.query<{ role: string }>('SELECT role FROM users WHERE email = $1', [
        ADMIN_EMAIL,
      ]);
      expect(row?.role).toBe('user');
    });

    test('when the names are left out or blank, then they are null', async () => {
      const email = uniqueEmail('noname');
      const response = await register({
        email,
        password: 'long enough',
        firstName: '  ',
        confirmAge13: true,
      });

      expect(response.status).toBe(202);
      const [row] = await server.db.query('SELECT first_name, last_name FROM users WHERE email = $1', [
        email,
      ]);
      expect(row).toEqual({ first_name: null, last_name: null });
    });
  });

  describe('stored state', () => {
    test('when the sign-up is valid, then the password is stored as an argon2id hash only', async () => {
      const email = uniqueEmail('hash');
      await register(validBody(email));

      const [row] = await server.db.query<Record<string, unknown>>('SELECT * FROM users WHERE email = $1', [
        email,
      ]);
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(Object.values(row ?? {})).not.toContain('correct horse battery');
    });
  });

  describe('validation', () => {
    const tooLong = (n: number) => 'x'.repeat(n);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['the email is not an address', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['the email is missing', { email: undefined }, 'Please enter a valid email address'],
      [
        'the email is longer than 254',
        { email: `${tooLong(250)}@example.com` },
        'Email must be at most 254 characters',
      ],
      ['the password is shorter than 8', { password: 'short' }, 'Password must be at least 8 characters'],
      ['the password is missing', { password: undefined }, 'Password must be at least 8 characters'],
      [
        'the password is longer than 200',
        { password: tooLong(201) },
        'Password must be at most 200 characters',
      ],
      [
        'the first name is longer than 100',
        { firstName: tooLong(101) },
        'First name must be at most 100 characters',
      ],
      [
        'the last name is longer than 100',
        { lastName: tooLong(101) },
        'Last name must be at most 100 characters',
      ],
      [
        'the age is not confirmed',
        { confirmAge13: false },
        'You must be at least 13 years old to create an account',
      ],
      [
        'the age confirmation is missing',
        { confirmAge13: undefined },
        'You must be at least 13 years old to create an account',
      ],
      [
        'the age confirmation is the string "true"',
        { confirmAge13: 'true' },
        'You must be at least 13 years old to create an account',
      ],
    ];

    test.each(cases)('when %s, then 400 says so and nothing is stored', async (_name, change, message) => {
      const before = await countUsers();
      const response = await register({ ...validBody(uniqueEmail('invalid')), ...change });

      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
      expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await countUsers()).toBe(before);
    });

    test('when the body is not valid JSON, then 400 and nothing is stored', async () => {
      const before = await countUsers();
      const response = await postJson(`${server.baseUrl}/api/auth/register`, '{"email": "a@example.com",');

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'The request body is not valid JSON.' });
      expect(await countUsers()).toBe(before);
    });

    test('when the body is a form post instead of JSON, then 415 and nothing is stored', async () => {
      const before = await countUsers();
      const response = await fetch(`${server.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: uniqueEmail('form'),
          password: 'long enough',
          confirmAge13: 'true',
        }),
      });

      expect(response.status).toBe(415);
      expect(await countUsers()).toBe(before);
    });
  });

  describe('duplicates', () => {
    test('when the email is already registered (in any case), then the same 202 as for a new one, and the first account is unchanged', async () => {
      const email = uniqueEmail('dup');
      const first = await register(validBody(email));
      const second = await register({ ...validBody(email.toUpperCase()), firstName: 'Mallory' });

      expect(second.status).toBe(first.status);
      expect(second.body).toEqual(first.body);
      expect(second.headers.getSetCookie()).toEqual([]);
      const rows = await server.db.query<{ first_name: string }>(
        'SELECT first_name FROM users WHERE lower(email) = $1',
        [email.toLowerCase()],
      );
      expect(rows).toEqual([{ first_name: 'Ada' }]);
    });

    test('when the same email registers twice at once, then exactly one account is created and both get 202', async () => {
      const email = uniqueEmail('race');
      const responses = await Promise.all([register(validBody(email)), register(validBody(email))]);

      expect(responses.map((r) => r.status)).toEqual([202, 202]);
      const rows = await server.db.query('SELECT id FROM users WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
    });
  });
});
