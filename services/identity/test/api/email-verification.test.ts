import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { INTERNAL_IDENTITY_HEADER, readSession, signInternalIdentity } from '@laundry/platform/auth';
import {
  postJson,
  readSessionCookie,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';
import { linkIn, startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in.ts';

vi.setConfig({ testTimeout: 30_000 });

const PUBLIC_URL = 'https://laundry.example';

let server: IdentityTestServer;
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startIdentityServer({ SMTP_URL: smtp.url, PUBLIC_URL });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Signs up as the page does: 202 and no session; the account is read back as the service stored it. */
async function signUp(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const email = uniqueEmail('verify');
  const since = smtp.received.length;
  const response = await postJson(
    `${server.baseUrl}/api/auth/register`,
    { email, password: 'a good password', confirmAge13: true, ...body },
    headers,
  );
  expect(response.status).toBe(202);
  expect(readSessionCookie(response.headers)).toBeUndefined();
  const [user] = await server.db.query<{ id: string; email: string; emailVerified: boolean }>(
    `SELECT id, email, email_verified_at IS NOT NULL AS "emailVerified" FROM users WHERE email = $1`,
    [email],
  );
  const mail = await smtp.nextMailTo(email, { since });
  return { user: user!, mail };
}

/** Follows the mail's link on the service, as the browser would after the gateway. */
const follow = (link: URL) =>
  fetch(`${server.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });

const currentUser = async (user: { id: string; email: string }) => {
  const response = await fetch(`${server.baseUrl}/api/auth/user`, {
    headers: {
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(
        { id: user.id, email: user.email, role: 'user' },
        server.config.INTERNAL_SECRET,
      ),
    },
  });
  return (await response.json()) as { emailVerified: boolean };
};

describe('verifying the address after sign-up', () => {
  test('when someone signs up, then the answer says not verified yet and a verification mail arrives', async () => {
    const { user, mail } = await signUp({ firstName: 'Ravi' });

    expect(user.emailVerified).toBe(false);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('The link works once, for 48 hours.');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/api/auth/verify-email`);
  });

  test('when whoever signs up chooses a name with a warning and a link, then the mail to the address carries none of it', async () => {
    const names = {
      firstName: 'Your account is locked, visit https://evil.example',
      lastName: 'evil.example/unlock',
    };
    const { mail } = await signUp(names);

    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('locked');
      expect(part).not.toContain('evil');
    }
    // The only link is ours.
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([linkIn(mail).toString()]);
  });

  test('when the link is followed, then the address is verified, its owner signed in, and the browser lands on a page that says so', async () => {
    const { user, mail } = await signUp();

    const response = await follow(linkIn(mail));

    expect(response.status).toBe(303);
    const session = readSession(readSessionCookie(response.headers)?.value, server.config.SESSION_SECRET);
    expect(session?.identity).toEqual({ id: user.id, email: user.email, role: 'user' });
    expect(response.headers.get('location')).toBe('/api/login/email-verified?result=verified&lang=en');
    expect((await currentUser(user)).emailVerified).toBe(true);
    const page = await (await fetch(`${server.baseUrl}${response.headers.get('location')}`)).text();
    expect(page).toContain('Your email address is verified');
    expect(page).not.toContain('/api/auth/verify-email/resend');
  });

  test('when the link is followed again, then it still says verified (a mail scanner may have gone first)', async () => {
    const { mail } = await signUp();
    await follow(linkIn(mail));

    const again = await follow(linkIn(mail));

    expect(again.headers.get('location')).toContain('result=verified');
    // Only the use that verified the address signs in: an old mail is no standing way in.
    expect(readSessionCookie(again.headers)).toBeUndefined();
  });

  test('when someone signs up from the page in Hindi, then the mail and the page after the link are in Hindi', async () => {
    const { user, mail } = await signUp({ language: 'hi' });

    expect(mail.subject).toBe('अपने ईमेल पते की पुष्टि करें');
    expect(mail.htmlLang).toBe('hi');
    const response = await follow(linkIn(mail));
    expect(response.headers.get('location')).toContain('lang=hi');
    expect((await currentUser(user)).emailVerified).toBe(true);
  });

  test('when the browser asks in Spanish and the form names no language, then the mail is in Spanish', async () => {
    const { mail } = await signUp({}, { 'accept-language': 'es-ES,es;q=0.9' });

    expect(mail.subject).toBe('Confirma tu correo electrónico');
  });

  test('when the link has expired, then the address stays unverified and the page says the link expired', async () => {
    const { user, mail } = await signUp();
    await server.db.query(`UPDATE account_links SET expires_at = now() WHERE user_id = $1`, [user.id]);

    const response = await follow(linkIn(mail));

    expect(response.headers.get('location')).toContain('result=expired');
    expect(readSessionCookie(response.headers)).toBeUndefined();
    expect((await currentUser(user)).emailVerified).toBe(false);
    const page = await (await fetch(`${server.baseUrl}${response.headers.get('location')}`)).text();
    expect(page).toContain('This link has expired');
    expect(page).toContain('data-endpoint="/api/auth/verify-email/resend"');
    expect(page).toContain('Send me a new link');
    expect(page).toContain('It works once, for 48 hours.');
  });

  test.each([
    ['a made-up token', 'token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed token', 'token=%3Cscript%3E'],
    ['no token', ''],
    ['two tokens', 'token=a&token=b'],
  ])('when the link carries %s, then the page says it is not valid', async (_kind, query) => {
    const response = await fetch(`${server.baseUrl}/api/auth/verify-email?${query}`, { redirect: 'manual' });

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('result=invalid');
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  const resend = (user?: { id: string; email: string }) =>
    postJson(
      `${server.baseUrl}/api/auth/verify-email/resend`,
      {},
      user
        ? {
            [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(
              { id: user.id, email: user.email, role: 'user' },
              server.config.INTERNAL_SECRET,
            ),
          }
        : {},
    );

  test('when a signed-in person’s link has expired, then 202 and a new link arrives that verifies the address', async () => {
    const { user } = await signUp();
    await server.db.query(`UPDATE account_links SET expires_at = now() WHERE user_id = $1`, [user.id]);
    const since = smtp.received.length;

    const response = await resend(user);

    expect(response.status).toBe(202);
    const mail = await smtp.nextMailTo(user.email, { since });
    expect((await follow(linkIn(mail))).headers.get('location')).toContain('result=verified');
    expect((await currentUser(user)).emailVerified).toBe(true);
  });

  test('when nobody is signed in, then 401 says to sign in first', async () => {
    const response = await resend();

    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: 'Sign in to ask for a new link.' });
  });

  test('when the address is verified already, then 409 says so and no mail is sent', async () => {
    const { user, mail } = await signUp();
    await follow(linkIn(mail));

    const response = await resend(user);

    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: 'Your email address is already verified.' });
  });

  test('when one person asks more than the limit, then 429', async () => {
    const { user } = await signUp();
    const answers = [];
    // The default allowance: five links an address in the window (FORGOT_PASSWORD_MAX_PER_ADDRESS).
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push((await resend(user)).status);

    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
