import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, startStack, type TestStack } from '../support/stack.ts';
import { apiClient, registerMailReader, signUp } from '../support/session.ts';
import {
  linkIn,
  smtpMailReader,
  startSmtpStandIn,
  type SmtpStandIn,
} from '../../services/identity/test/support/smtp-stand-in.ts';

/**
 * The identity service attacked as it was found open, one case per finding, on one stack behind the
 * gateway, its mail read from a stand-in mail server: an admin's role taken by signing up first with a
 * listed address nobody proved; a stranger's words in a genuine mail to someone else's address; a
 * person's password reset blocked by strangers asking for it first; a password guessed from many
 * addresses at once, unknown to its owner; which addresses have accounts, told by the registration.
 */
let stack: TestStack;
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  stack = await startStack({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://laundry.example' });
  registerMailReader(stack.baseUrl, smtpMailReader(smtp));
}, 120_000);

const PASSWORD = 'correct horse battery';

/** POST /api/auth/register as a browser would, from `client`. */
const register = (body: Record<string, unknown>, client = '203.0.113.50') =>
  fetch(`${stack.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ password: PASSWORD, confirmAge13: true, ...body }),
  });

const signIn = (email: string, password = PASSWORD) =>
  fetch(`${stack.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];

const mailsTo = (email: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()) && mail.subject === subject);

afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

describe('identity findings', () => {
  test('when someone signs up first with an address in ADMIN_EMAILS, then they are no admin until its owner verifies it', async () => {
    expect((await register({ email: ADMIN_EMAIL })).status).toBe(202);
    // Whoever registered it cannot sign in with the password they chose: the answer is a wrong password's.
    const signedIn = await signIn(ADMIN_EMAIL);
    expect(signedIn.status).toBe(401);
    expect(cookieOf(signedIn)).toBeUndefined();

    // The address's owner follows the mailed link: that session is an admin's.
    const mail = await smtp.nextMailTo(ADMIN_EMAIL);
    const link = linkIn(mail);
    const verified = await fetch(`${stack.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    const owner = { cookie: cookieOf(verified)!, user: { id: '', email: ADMIN_EMAIL } };
    expect(owner.cookie).toBeDefined();
    expect((await apiClient(stack.baseUrl, owner)('/api/admin/retention-policies')).status).toBe(200);
  });

  test('when a stranger signs up with your address and a name that warns and links, then the verification mail carries none of it', async () => {
    const victim = `victim-${Date.now()}@example.test`;
    const since = smtp.received.length;
    const registered = await register({
      email: victim,
      firstName: 'Your account is locked… visit https://evil.example',
      lastName: 'www.evil.example',
    });
    expect(registered.status).toBe(202);

    const mail = await smtp.nextMailTo(victim, { since });
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/locked|evil/);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([linkIn(mail).toString()]);
  });

  test('when strangers ask for a reset of your address first, then they get the same 202 and your own request still brings a link', async () => {
    const person = await signUp(stack.baseUrl);
    const forgot = (client: string) =>
      fetch(`${stack.baseUrl}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: person.user.email }),
      });
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await forgot(client)).status).toBe(202);
    }

    // Each stranger caused one reset mail; the person's own request brings one more, so four arrive.
    expect((await forgot('198.51.100.7')).status).toBe(202);
    const resetMails = () =>
      smtp.received.filter(
        (mail) => mail.to.includes(person.user.email.toLowerCase()) && /reset-password/.test(mail.text),
      ).length;
    await expect.poll(resetMails, { timeout: 15_000 }).toBe(4);
  });

  test('when 14 wrong passwords come from 14 addresses, then the right one must wait, told how long by Retry-After', async () => {
    const person = await signUp(stack.baseUrl);
    const login = (password: string, client: string) =>
      fetch(`${stack.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: person.user.email, password }),
      });
    for (let n = 1; n <= 14; n += 1) {
      expect([401, 429]).toContain((await login('wrong guess', `203.0.113.${100 + n}`)).status);
    }

    const right = await login('correct horse battery', '198.51.100.9');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner is told once for the episode, however many tries follow, in words of ours only.
    const subject = 'Someone is trying to sign in to your account';
    await expect.poll(() => mailsTo(person.user.email, subject).length, { timeout: 15_000 }).toBe(1);
    for (let n = 1; n <= 3; n += 1) await login('another guess', `203.0.113.${200 + n}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(person.user.email, subject)).toHaveLength(1);
    const [warning] = mailsTo(person.user.email, subject);
    expect(warning!.text).not.toContain('guess');
    expect(linkIn(warning!).pathname).toBe('/api/login');
    expect(linkIn(warning!).searchParams.get('mode')).toBe('forgot');
  });

  test('when someone registers an address that has an account, then the answer is the one a new address gets, and the owner is told', async () => {
    const owner = await signUp(stack.baseUrl);
    const fresh = `fresh-${Date.now()}@example.test`;
    const stranger = { firstName: 'Click https://evil.example now', lastName: 'evil' };

    const seen = async (answer: Response) => {
      const headers: string[] = [];
      answer.headers.forEach((_value, name) => headers.push(name));
      return {
        status: answer.status,
        body: (await answer.json()) as unknown,
        cookie: cookieOf(answer),
        headers: headers.filter((name) => !['date', 'content-length', 'etag'].includes(name)).sort(),
      };
    };
    const forNew = await seen(await register({ email: fresh, ...stranger }));
    const forKnown = await seen(await register({ email: owner.user.email, ...stranger }));
    expect(forKnown).toEqual(forNew);
    expect(forKnown.status).toBe(202);
    expect(forKnown.cookie).toBeUndefined();
    expect(forKnown.body).toEqual({ message: 'Check your e-mail to finish signing up.' });

    // The owner's password still works, and they hear of the attempt in our words, with a way to sign in.
    expect((await signIn(owner.user.email)).status).toBe(200);
    const subject = 'Someone tried to sign up with your email address';
    await expect.poll(() => mailsTo(owner.user.email, subject).length, { timeout: 15_000 }).toBe(1);
    const [notice] = mailsTo(owner.user.email, subject);
    for (const part of [notice!.text, notice!.html]) expect(part).not.toMatch(/evil|Click/);
    expect(linkIn(notice!).searchParams.get('mode')).toBe('forgot');
  });

  test('when a stranger registers an address with an account over and over, then its inbox gets at most the mail limit', async () => {
    const owner = await signUp(stack.baseUrl);
    // Each client causes one mail at most; the address takes 5 a window, its verification mail the first.
    const clients = ['61', '62', '63', '64', '65', '66', '67'].map((n) => `203.0.113.${n}`);
    for (const client of clients) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await register({ email: owner.user.email }, client)).status).toBe(202);
      }
    }
    const subject = 'Someone tried to sign up with your email address';
    await expect.poll(() => mailsTo(owner.user.email, subject).length, { timeout: 15_000 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailsTo(owner.user.email, subject)).toHaveLength(4);
  });

  test('when someone who just registered signs in before following the link, then 401 as for a wrong password, and a new link arrives', async () => {
    const email = `early-${Date.now()}@example.test`;
    const client = '203.0.113.61';
    expect((await register({ email }, client)).status).toBe(202);
    const first = await smtp.nextMailTo(email);

    const early = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ email, password: PASSWORD }),
    });

    expect(early.status).toBe(401);
    expect(await early.json()).toMatchObject({ message: 'Invalid email or password.' });
    const second = await smtp.nextMailTo(email, { since: smtp.received.indexOf(first) + 1 });
    expect(linkIn(second).pathname).toBe(linkIn(first).pathname);
    expect(linkIn(second).search).not.toBe(linkIn(first).search);
  });

  test('when someone registers a new address, then nobody is signed in until its mailed link is followed, once', async () => {
    const email = `new-${Date.now()}@example.test`;
    const registered = await register({ email });
    expect(registered.status).toBe(202);
    expect(cookieOf(registered)).toBeUndefined();

    const link = linkIn(await smtp.nextMailTo(email));
    const follow = () => fetch(`${stack.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    const first = await follow();
    expect(first.status).toBe(303);
    const cookie = cookieOf(first);
    expect(cookie).toBeDefined();
    const me = await fetch(`${stack.baseUrl}/api/auth/user`, { headers: { cookie: cookie! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, emailVerified: true });

    // The same link again (a forwarded mail, an old tab) says verified but signs nobody in.
    const again = await follow();
    expect(again.status).toBe(303);
    expect(cookieOf(again)).toBeUndefined();
  });
});
