import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';
import { eventually, urls } from '../../../../test/support/servers.ts';
import {
  postJson,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';

vi.setConfig({ testTimeout: 30_000 });

/** As `npm start` runs it: no DATABASE_URL and no SMTP_URL (the test still stores on the real servers). */
let server: IdentityTestServer;

beforeAll(async () => {
  server = await startIdentityServer({ DATABASE_URL: undefined });
}, 60_000);
afterAll(() => server?.stop());

const outbox = async (query = '', headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.baseUrl}/dev/mail${query}`, { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
};

/** The links of the outbox page's newest mail to `email`, waiting for the mail job. */
async function linksTo(email: string, count = 1): Promise<string[]> {
  let links: string[] = [];
  await eventually(async () => {
    const page = await outbox(`?to=${encodeURIComponent(email)}`);
    links = [...page.html.matchAll(/<a href="(\/api\/[^"]+)">/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    return links.length >= count;
  });
  return links;
}

describe('the local outbox at /dev/mail (embedded mode, no SMTP_URL)', () => {
  test('when someone signs up, then their verification mail is listed with a link on this origin that verifies the address', async () => {
    const email = uniqueEmail('outbox');
    const signUp = await postJson(`${server.baseUrl}/api/auth/register`, {
      email,
      password: 'a good password',
      confirmAge13: true,
    });
    expect(signUp.status).toBe(202);

    const [link] = await linksTo(email);

    expect(link).toMatch(/^\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]{43}&lang=en$/);
    const followed = await fetch(`${server.baseUrl}${link}`, { redirect: 'manual' });
    expect(followed.headers.get('location')).toContain('result=verified');
    const [row] = await server.db.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [email],
    );
    expect(row?.verified).toBe(true);
  });

  test('when a password is forgotten, then the reset mail is listed and its link resets the password', async () => {
    const email = uniqueEmail('forgot');
    await postJson(`${server.baseUrl}/api/auth/register`, {
      email,
      password: 'the old password',
      confirmAge13: true,
    });
    await linksTo(email);
    expect((await postJson(`${server.baseUrl}/api/auth/forgot-password`, { email })).status).toBe(202);

    const [newest] = await linksTo(email, 2);

    const token = new URL(newest!, 'http://outbox').searchParams.get('token')!;
    expect(newest).toMatch(/^\/api\/login\/reset-password\?/);
    const page = await fetch(`${server.baseUrl}${newest}`);
    expect(await page.text()).toContain('Choose a new password');
    const reset = await postJson(`${server.baseUrl}/api/auth/reset-password`, {
      token,
      password: 'the new password',
    });
    expect(reset.status).toBe(200);
  });

  test('when it is opened, then it is a page of its own with the strict page headers, newest mail first', async () => {
    const page = await outbox('?lang=fr');

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.html).toContain('Boîte d’envoi locale');
  });

  test('when a client the gateway vouches for is not on this machine, then 403: the outbox holds everyone’s links', async () => {
    const fromLan = {
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(
        undefined,
        server.config.INTERNAL_SECRET,
        '192.0.2.10',
      ),
    };

    const page = await outbox('', fromLan);

    expect(page.status).toBe(403);
    expect(page.html).not.toContain('token=');
  });
});

describe('where the local outbox is never mounted', () => {
  test.each([
    ['NODE_ENV is production', { DATABASE_URL: undefined, NODE_ENV: 'production' }],
    [
      'SMTP_URL is set',
      { DATABASE_URL: undefined, SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://x.example' },
    ],
    ['the distributed mode (DATABASE_URL)', { DATABASE_URL: urls.database }],
  ])('when %s, then /dev/mail is not there (404)', async (_case, env) => {
    const other = await startIdentityServer(env);
    try {
      const response = await fetch(`${other.baseUrl}/dev/mail`);

      expect(response.status).toBe(404);
    } finally {
      await other.stop();
    }
  });
});
