import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readSession } from '@laundry/platform/auth';
import {
  postJson,
  readSessionCookie,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';
import { linkIn, startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in.ts';

vi.setConfig({ testTimeout: 60_000 });

const ADMIN = uniqueEmail('admin-role');
const PASSWORD = 'correct horse battery';
// One schema and cache namespace for both servers: the second is the service started again with a new list.
const shared = `identity_admin_${process.pid}_${randomBytes(3).toString('hex')}`;
const sharedEnv = { DB_SCHEMA: shared, BUS_NAMESPACE: `${shared}.`, PUBLIC_URL: 'https://laundry.example' };

let smtp: SmtpStandIn;
let server: IdentityTestServer;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startIdentityServer({ ...sharedEnv, SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN });
}, 60_000);
afterAll(async () => {
  await server?.db.exec(`DROP SCHEMA IF EXISTS ${shared} CASCADE`);
  await server?.stop();
  await smtp?.stop();
});

const sessionOf = (headers: Headers) =>
  readSession(readSessionCookie(headers)?.value, server.config.SESSION_SECRET);
const signIn = (base: string) =>
  postJson<{ id: string; role: string }>(`${base}/api/auth/login`, { email: ADMIN, password: PASSWORD });

describe('the admin role follows ADMIN_EMAILS and a verified address', () => {
  test('when a listed address signs up, then it signs in only once verified, as admin; and off the list, its admin sessions end', async () => {
    const since = smtp.received.length;
    const answer = await postJson(`${server.baseUrl}/api/auth/register`, {
      email: ADMIN,
      password: PASSWORD,
      confirmAge13: true,
    });
    expect(answer.status).toBe(202);
    const link = linkIn(await smtp.nextMailTo(ADMIN, { since }));
    // Whoever registered the address cannot sign in with the password they chose until it is proved.
    const beforeProof = await signIn(server.baseUrl);
    expect(beforeProof.status).toBe(401);
    expect(readSessionCookie(beforeProof.headers)).toBeUndefined();

    // The owner proves the address: the link's own session is an admin's at once.
    const verified = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(sessionOf(verified.headers)?.identity.role).toBe('admin');

    const adminSignIn = await signIn(server.baseUrl);
    expect(adminSignIn.body.role).toBe('admin');
    const adminSession = sessionOf(adminSignIn.headers)!;
    expect(adminSession.identity.role).toBe('admin');
    expect(await server.revocations.isRevoked(adminSession)).toBe(false);

    // The service starts again with a list that no longer names the address.
    const unlisted = await startIdentityServer({ ...sharedEnv, ADMIN_EMAILS: 'someone-else@example.com' });
    try {
      expect(await server.revocations.isRevoked(adminSession)).toBe(true);
      const again = await signIn(unlisted.baseUrl);
      expect(again.body.role).toBe('user');
      expect(
        readSession(readSessionCookie(again.headers)?.value, unlisted.config.SESSION_SECRET)?.identity.role,
      ).toBe('user');
    } finally {
      await unlisted.stop();
    }
  });
});
