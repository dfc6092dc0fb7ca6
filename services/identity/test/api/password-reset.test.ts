import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity, verifySession } from '@laundry/platform/auth';
import {
  postJson,
  readSessionCookie,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';
import { linkIn, startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in.ts';

// argon2id runs at every sign-up, sign-in and reset.
vi.setConfig({ testTimeout: 30_000 });

const PUBLIC_URL = 'https://laundry.example';
const OLD_PASSWORD = 'the old password';
const NEW_PASSWORD = 'a brand new password';
const MAX_PER_ADDRESS = 3;
const MAX_PER_CLIENT = 6;
const ACCEPTED = 'If an account uses this address, a link to choose a new password is on its way.';

let server: IdentityTestServer;
let smtp: SmtpStandIn;
let ipCounter = 0;
/** Each test asks from addresses of its own, so the per-client limit is one test's business. */
const freshIp = () => `198.51.100.${++ipCounter}`;
const fromClient = (ip: string) => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(undefined, server.config.INTERNAL_SECRET, ip),
});

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startIdentityServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_FROM: 'Laundromat Finder <accounts@laundry.example>',
    FORGOT_PASSWORD_MAX_PER_ADDRESS: String(MAX_PER_ADDRESS),
    FORGOT_PASSWORD_MAX_PER_CLIENT: String(MAX_PER_CLIENT),
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/**
 * Signs up, waits for the verification mail (so the mails the test looks for come after it), proves the
 * address as its link would, and signs in.
 */
async function registerUser(body: Record<string, unknown> = {}) {
  const email = uniqueEmail('reset');
  const since = smtp.received.length;
  const client = fromClient(freshIp());
  const registered = await postJson(
    `${server.baseUrl}/api/auth/register`,
    { email, password: OLD_PASSWORD, confirmAge13: true, firstName: 'Ana', ...body },
    client,
  );
  expect(registered.status).toBe(202);
  await smtp.nextMailTo(email, { since });
  await server.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
  const response = await postJson<{ id: string; email: string }>(
    `${server.baseUrl}/api/auth/login`,
    { email, password: OLD_PASSWORD },
    client,
  );
  expect(response.status).toBe(200);
  return response.body;
}

const forgot = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  postJson(`${server.baseUrl}/api/auth/forgot-password`, body, { ...fromClient(ip), ...headers });

const reset = (token: string, password = NEW_PASSWORD) =>
  postJson<{ id: string; emailVerified: boolean; message?: string; code?: string }>(
    `${server.baseUrl}/api/auth/reset-password`,
    { token, password },
    fromClient(freshIp()),
  );

const login = (email: string, password: string) =>
  postJson(`${server.baseUrl}/api/auth/login`, { email, password }, fromClient(freshIp()));

/** Asks for a reset and answers the token of the link the stand-in received. */
async function resetTokenFor(email: string, body: Record<string, unknown> = {}): Promise<string> {
  const since = smtp.received.length;
  expect((await forgot({ email, ...body })).status).toBe(202);
  const mail = await smtp.nextMailTo(email, { since });
  return linkIn(mail).searchParams.get('token')!;
}

describe('POST /api/auth/forgot-password', () => {
  test('when the address has an account, then 202 and a mail with a single-use link to the reset page arrives', async () => {
    const user = await registerUser();
    const since = smtp.received.length;

    const response = await forgot({ email: user.email.toUpperCase() });

    expect(response.status).toBe(202);
    expect(response.body).toEqual({ message: ACCEPTED });
    const mail = await smtp.nextMailTo(user.email, { since });
    expect(mail.from).toBe('"Laundromat Finder" <accounts@laundry.example>');
    expect(mail.subject).toBe('Choose a new password');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('The link works once, for 60 minutes.');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/api/login/reset-password`);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link.searchParams.get('token'));
  });

  test('when the address has no account, then the same 202 and the same body, and no mail is sent', async () => {
    const user = await registerUser();
    const unknown = uniqueEmail('nobody');
    const since = smtp.received.length;

    const answers = [await forgot({ email: unknown }), await forgot({ email: user.email })];

    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    for (const header of ['content-type', 'content-length', 'set-cookie']) {
      expect(answers[0]!.headers.get(header)).toBe(answers[1]!.headers.get(header));
    }
    await smtp.nextMailTo(user.email, { since });
    // The known address's mail has come; the unknown one's would have been queued before it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.slice(since).flatMap((mail) => mail.to)).not.toContain(unknown);
  });

  test('when an unknown and a known address are asked for, then both are answered in about the same time, neither waiting for the mail server', async () => {
    const user = await registerUser();
    // A mail server that takes a second per mail: an answer that waited for it would show.
    smtp.acceptDelayMs = 1_000;
    const time = async (email: string) => {
      const started = performance.now();
      const response = await forgot({ email });
      expect(response.status).toBe(202);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, and the known address within its limit (3 an hour).
    for (let round = 0; round < 3; round += 1) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail(`t${round}`)));
    }

    smtp.acceptDelayMs = 0;

    // Neither answer waits for the account lookup or the mail server: the job does that after the answer.
    expect(median(known)).toBeLessThan(500);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
  });

  test('when the request names a language, then the mail is written in it', async () => {
    const user = await registerUser();
    const since = smtp.received.length;

    await forgot({ email: user.email, language: 'fr' });

    const mail = await smtp.nextMailTo(user.email, { since });
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe');
    expect(mail.text).toMatch(/^Bonjour,\n/);
    expect(mail.htmlLang).toBe('fr');
    expect(linkIn(mail).searchParams.get('lang')).toBe('fr');
  });

  test('when the request names none, then the mail is in the language the account signed up in', async () => {
    const user = await registerUser({ language: 'zh' });
    const since = smtp.received.length;

    await forgot({ email: user.email });

    const mail = await smtp.nextMailTo(user.email, { since });
    expect(mail.subject).toBe('设置新密码');
    expect(mail.htmlLang).toBe('zh');
  });

  test(`when strangers ask for someone's address over and over, then every answer is the same 202 and the person's own request still brings a working link`, async () => {
    const user = await registerUser();
    const since = smtp.received.length;
    // Two strangers, each asking more than the whole allowance of the address.
    for (const ip of [freshIp(), freshIp()]) {
      for (let attempt = 0; attempt <= MAX_PER_ADDRESS; attempt += 1) {
        const answer = await forgot({ email: user.email }, ip);
        expect(answer.status).toBe(202);
        expect(answer.body).toEqual({ message: ACCEPTED });
      }
    }
    await smtp.nextMailTo(user.email, { since });

    // The person asks from their own client: a mail arrives, and its link sets the password.
    const token = await resetTokenFor(user.email);
    expect((await reset(token)).status).toBe(200);
    // Each stranger caused one mail; with the person's, no more than the address's allowance.
    const sent = smtp.received.slice(since).filter((mail) => mail.to.includes(user.email));
    expect(sent.length).toBeLessThanOrEqual(MAX_PER_ADDRESS);
  });

  test(`when one client asks more than ${MAX_PER_CLIENT} times, then still 202, but no more mails go`, async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < MAX_PER_CLIENT; attempt += 1) {
      expect((await forgot({ email: uniqueEmail(`c${attempt}`) }, ip)).status).toBe(202);
    }
    const user = await registerUser();
    const since = smtp.received.length;

    expect((await forgot({ email: user.email }, ip)).status).toBe(202);
    expect((await forgot({ email: user.email }, freshIp())).status).toBe(202);
    // The second request's mail; the flooding client's, queued before it, would have come first.
    await smtp.nextMailTo(user.email, { since });
    expect(smtp.received.slice(since).filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
  });

  test.each([
    [{ email: 'not an address' }, 'Please enter a valid email address'],
    [{}, 'Please enter a valid email address'],
    [{ email: 'a@b.example', language: 'xx' }, undefined],
  ])('when the body is %j, then 400', async (body, message) => {
    const response = await forgot(body);

    expect(response.status).toBe(400);
    if (message) expect(response.body).toMatchObject({ message });
  });
});

describe('POST /api/auth/reset-password', () => {
  test('when the link is followed with a new password, then 200 signs the person in and only the new password works', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);

    const response = await reset(token);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, emailVerified: true });
    const cookie = readSessionCookie(response.headers);
    expect(verifySession(cookie?.value, server.config.SESSION_SECRET)?.id).toBe(user.id);
    expect((await login(user.email, OLD_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('when the link is used twice, then the second is refused and says the link was used', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);
    expect((await reset(token)).status).toBe(200);

    const again = await reset(token, 'yet another password');

    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'LINK_USED',
      message: 'This link has already been used. Please ask for a new one if you need it.',
    });
    expect((await login(user.email, 'yet another password')).status).toBe(401);
  });

  test('when the same link is sent twice at once, then exactly one is accepted', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);

    const answers = await Promise.all([reset(token, 'first of two'), reset(token, 'second of two')]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  test('when the link has expired, then it is refused and says so, and the password stays', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);
    await server.db.query(
      `UPDATE account_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );

    const response = await reset(token);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'This link has expired. Please ask for a new one.',
    });
    expect((await login(user.email, OLD_PASSWORD)).status).toBe(200);
  });

  test.each([
    ['made up', () => randomBytes(32).toString('base64url')],
    ['one character changed', (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
    ['too short', (token: string) => token.slice(0, 20)],
    ['not base64url', () => `${'!'.repeat(43)}`],
  ])('when the token is forged (%s), then it is refused as not valid', async (_kind, forge) => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);

    const response = await reset(forge(token));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'This link is not valid. Please ask for a new one.' });
    expect((await login(user.email, OLD_PASSWORD)).status).toBe(200);
  });

  test('when a newer link is used, then the older one no longer works', async () => {
    const user = await registerUser();
    const older = await resetTokenFor(user.email);
    const newer = await resetTokenFor(user.email);

    expect((await reset(newer)).status).toBe(200);
    expect((await reset(older, 'sneaky password')).body).toMatchObject({ code: 'LINK_USED' });
  });

  test('when the new password breaks the registration rules, then 400 and the link still works', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);

    const short = await reset(token, 'short');

    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: 'Password must be at least 8 characters' });
    expect((await reset(token)).status).toBe(200);
  });

  test('when the links are stored, then only a hash of each token is kept', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email);

    const rows = await server.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM account_links WHERE user_id = $1 AND purpose = 'reset-password'`,
      [user.id],
    );

    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('GET /api/login/reset-password (the page the link opens)', () => {
  const page = async (query: Record<string, string>) => {
    const response = await fetch(
      `${server.baseUrl}/api/login/reset-password?${new URLSearchParams(query).toString()}`,
    );
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  test('when the link is usable, then the page offers the new password form for the account, in the link’s language', async () => {
    const user = await registerUser();
    const token = await resetTokenFor(user.email, { language: 'es' });

    const opened = await page({ token, lang: 'es' });

    expect(opened.status).toBe(200);
    expect(opened.html).toContain('<html lang="es">');
    expect(opened.html).toContain('Elige una contraseña nueva');
    expect(opened.html).toContain(user.email);
    expect(opened.html).toContain('data-endpoint="/api/auth/reset-password"');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    // Opening the page does not use the link up.
    expect((await reset(token)).status).toBe(200);
  });

  test.each([
    ['used', 'This link has already been used'],
    ['expired', 'This link has expired'],
    ['forged', 'This link is not valid'],
  ])('when the link is %s, then the page says so and offers to ask for a new one', async (kind, heading) => {
    const user = await registerUser();
    let token = await resetTokenFor(user.email);
    if (kind === 'used') await reset(token);
    if (kind === 'expired') {
      await server.db.query(`UPDATE account_links SET expires_at = now() WHERE user_id = $1`, [user.id]);
    }
    if (kind === 'forged') token = randomBytes(32).toString('base64url');

    const opened = await page({ token, lang: 'en' });

    expect(opened.status).toBe(200);
    expect(opened.html).toContain(heading);
    expect(opened.html).not.toContain('name="password"');
    expect(opened.html).toContain('mode=forgot');
  });
});
