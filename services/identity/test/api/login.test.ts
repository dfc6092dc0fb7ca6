import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity, verifySession } from '@laundry/platform/auth';
import {
  postJson,
  registerAndSignIn,
  readSessionCookie,
  realServers,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';

const PASSWORD = 'the right password';
const MAX_PER_EMAIL = 3;
const MAX_FAILURES_PER_IP = 5;
const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const INVALID = 'Invalid email or password.';

// argon2id (64 MiB, t=3) takes most of a second per call on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

const ACCOUNT_FREE_FAILURES = 12;

let server: IdentityTestServer;
let ipCounter = 0;
/** Each test signs in from addresses of its own (the service trusts X-Forwarded-For from loopback). */
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  server = await startIdentityServer({
    LOGIN_MAX_ATTEMPTS_PER_EMAIL: String(MAX_PER_EMAIL),
    LOGIN_MAX_ATTEMPTS_PER_IP: String(MAX_FAILURES_PER_IP),
    LOGIN_ACCOUNT_FREE_FAILURES: String(ACCOUNT_FREE_FAILURES),
  });
}, 60_000);
afterAll(() => server?.stop());

async function registerUser(): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('login');
  const response = await registerAndSignIn<{ id: string; email: string }>(
    server,
    { email, password: PASSWORD, confirmAge13: true },
    fromClient(freshIp()),
  );
  expect(response.status).toBe(200);
  return response.body;
}

/** The gateway vouches for the client's address in the signed identity it forwards. */
const fromClient = (ip: string) => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(undefined, server.config.INTERNAL_SECRET, ip),
});

const login = (email: string, password: string, ip: string) =>
  postJson(`${server.baseUrl}/api/auth/login`, { email, password }, fromClient(ip));

describe('POST /api/auth/login', () => {
  describe('success', () => {
    test('when the email (any case) and password match, then 200 answers the user and sets the session cookie', async () => {
      const user = await registerUser();
      const response = await login(` ${user.email.toUpperCase()} `, PASSWORD, freshIp());

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'user',
        contributionPoints: 0,
      });
      expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
      const cookie = readSessionCookie(response.headers);
      expect(cookie?.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
      expect(verifySession(cookie?.value, server.config.SESSION_SECRET)?.id).toBe(user.id);
    });
  });

  describe('failure', () => {
    test('when the password is wrong, then 401 with the generic message and no cookie', async () => {
      const user = await registerUser();
      const response = await login(user.email, 'not the password', freshIp());

      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ message: INVALID });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    test('when the email is unknown, then 401 with the same message', async () => {
      const response = await login(uniqueEmail('nobody'), PASSWORD, freshIp());

      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ message: INVALID });
    });

    test('when the email is unknown, then answering takes about as long as for a wrong password', async () => {
      const user = await registerUser();
      const time = async (email: string) => {
        const started = performance.now();
        await login(email, 'not the password', freshIp());
        return performance.now() - started;
      };
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      // Interleaved, so a burst of load from elsewhere on the machine slows both kinds alike.
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        wrong.push(await time(user.email));
        unknown.push(await time(uniqueEmail(`x${round}`)));
      }
      const [wrongPassword, unknownEmail] = [median(wrong), median(unknown)];

      // Both run one argon2id verification; without the dummy hash the unknown email would answer in ~1 ms.
      expect(unknownEmail).toBeGreaterThan(wrongPassword * 0.25);
    });

    test('when the body is not valid JSON, then 400', async () => {
      const response = await postJson(`${server.baseUrl}/api/auth/login`, '{"email":');

      expect(response.status).toBe(400);
    });

    test('when the password is missing, then 400 with a message', async () => {
      const response = await postJson(
        `${server.baseUrl}/api/auth/login`,
        { email: uniqueEmail('m') },
        fromClient(freshIp()),
      );

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'Password is required' });
    });
  });

  describe('rate limit', () => {
    test(`when one email is tried more than ${MAX_PER_EMAIL} times from one IP, then 429 even with the right password`, async () => {
      const user = await registerUser();
      const ip = freshIp();
      for (let attempt = 0; attempt < MAX_PER_EMAIL; attempt += 1) {
        expect((await login(user.email, 'wrong password', ip)).status).toBe(401);
      }
      const blocked = await login(user.email, PASSWORD, ip);

      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ message: TOO_MANY });
      expect(blocked.headers.getSetCookie()).toEqual([]);
    });

    test('when one email is blocked from one IP, then the same account still signs in from another IP', async () => {
      const user = await registerUser();
      const ip = freshIp();
      for (let attempt = 0; attempt <= MAX_PER_EMAIL; attempt += 1)
        await login(user.email, 'wrong password', ip);

      expect((await login(user.email, PASSWORD, ip)).status).toBe(429);
      expect((await login(user.email, PASSWORD, freshIp())).status).toBe(200);
    });

    test(`when one IP fails ${MAX_FAILURES_PER_IP} times across many emails, then its next attempt gets 429`, async () => {
      const user = await registerUser();
      const ip = freshIp();
      for (let attempt = 0; attempt < MAX_FAILURES_PER_IP; attempt += 1) {
        expect((await login(uniqueEmail('spray'), 'guess', ip)).status).toBe(401);
      }

      const blocked = await login(user.email, PASSWORD, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ message: TOO_MANY });
    });

    test('when a caller names its own address in X-Forwarded-For, then the throttle still counts the address the gateway vouched for', async () => {
      const user = await registerUser();
      const ip = freshIp();
      for (let attempt = 0; attempt < MAX_FAILURES_PER_IP; attempt += 1) {
        const response = await postJson(
          `${server.baseUrl}/api/auth/login`,
          { email: uniqueEmail('spray'), password: 'guess' },
          { ...fromClient(ip), 'x-forwarded-for': freshIp() },
        );
        expect(response.status).toBe(401);
      }

      const blocked = await postJson(
        `${server.baseUrl}/api/auth/login`,
        { email: user.email, password: PASSWORD },
        { ...fromClient(ip), 'x-forwarded-for': freshIp() },
      );
      expect(blocked.status).toBe(429);
    });

    test('when a person signs in successfully more often than the limit, then they are never blocked', async () => {
      const user = await registerUser();
      const ip = freshIp();
      for (let attempt = 0; attempt < MAX_PER_EMAIL + 2; attempt += 1) {
        expect((await login(user.email, PASSWORD, ip)).status).toBe(200);
      }
    });

    test.runIf(realServers)(
      'when attempts are counted, then the counters live in Redis under the service namespace',
      async () => {
        const user = await registerUser();
        await login(user.email, 'wrong password', freshIp());

        const keys = await server.cacheKeys();
        expect(keys.some((key) => key.includes(`:login:email-ip:${user.email}:`))).toBe(true);
        expect(keys.some((key) => key.includes(':login:ip-failures:'))).toBe(true);
      },
    );
  });

  describe('the account-wide limit', () => {
    test('when wrong passwords come from many addresses, then the account makes the next try wait and says how long', async () => {
      const user = await registerUser();
      for (let attempt = 0; attempt < ACCOUNT_FREE_FAILURES + 2; attempt += 1) {
        const wrong = await login(user.email, 'not the password', freshIp());
        if (wrong.status === 429) break;
        expect(wrong.status).toBe(401);
      }

      const right = await login(user.email, PASSWORD, freshIp());
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ message: TOO_MANY });
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  });
});
