import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  personalDataSchema,
  type InternalMailRequest,
  type NotificationPreferences,
} from '@laundry/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity, type Identity } from '@laundry/platform/auth';
import { eventually } from '../../../../test/support/servers.ts';
import { signUnsubscribeToken, unsubscribeKey } from '../../src/domain/unsubscribe-token.ts';
import {
  postJson,
  registerAndSignIn,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';

vi.setConfig({ testTimeout: 30_000 });

/** As `npm start` runs it (no DATABASE_URL, no SMTP_URL): mail lands in the local outbox. */
let server: IdentityTestServer;

beforeAll(async () => {
  server = await startIdentityServer({ DATABASE_URL: undefined });
}, 60_000);
afterAll(() => server?.stop());

const asService = () => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(undefined, server.config.INTERNAL_SECRET, 'service:owner'),
});

async function person(language: 'en' | 'fr' | 'es' = 'en'): Promise<Identity> {
  const response = await registerAndSignIn<Identity>(server, {
    email: uniqueEmail('notified'),
    password: 'a fine password',
    confirmAge13: true,
    language,
  });
  return { id: response.body.id, email: response.body.email, role: 'user' };
}

const signedIn = (identity: Identity) => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, server.config.INTERNAL_SECRET, '203.0.113.9'),
});

const content = {
  en: { subject: 'A new review of Suds', text: 'Someone reviewed Suds: 5 stars.' },
  fr: { subject: 'Un nouvel avis sur Suds', text: 'Quelqu’un a donné 5 étoiles à Suds.' },
};

const reviewMail = (userId: string, mailId = `test:${randomUUID()}`): InternalMailRequest => ({
  mailId,
  type: 'owner.review',
  userId,
  content,
});

const relay = (body: unknown, headers: Record<string, string> = asService()) =>
  postJson<{ outcome?: string; message?: string }>(`${server.baseUrl}/internal/mail`, body, headers);

interface OutboxRow {
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

/** The local outbox's mails to `email`, newest first, but the verification mail of the sign-up. */
const outboxTo = async (email: string) =>
  (
    await server.db.query<OutboxRow>(
      `SELECT recipient, subject, text_body AS text, html_body AS html FROM mail_outbox
       WHERE lower(recipient) = lower($1) ORDER BY created_at DESC`,
      [email],
    )
  ).filter((row) => !row.text.includes('/api/auth/verify-email'));

async function mailsOnceThere(email: string, count = 1): Promise<OutboxRow[]> {
  let rows: OutboxRow[] = [];
  await eventually(async () => {
    rows = await outboxTo(email);
    return rows.length >= count;
  });
  return rows;
}

/** Lets the mail job run what it was given, so "nothing arrived" means nothing was sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

const unsubscribeLink = (text: string) => {
  const link = /(\/api\/notifications\/unsubscribe\?token=[^\s]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no unsubscribe link in: ${text}`);
  return link;
};

async function preferencesOf(identity: Identity) {
  const response = await fetch(`${server.baseUrl}/api/me/notifications`, { headers: signedIn(identity) });
  return { status: response.status, body: (await response.json()) as NotificationPreferences };
}

describe('mail another service asks identity to send (POST /internal/mail)', () => {
  test('when it names a French-speaking person, then the French mail lands in the local outbox with a French unsubscribe line', async () => {
    const fr = await person('fr');

    const answer = await relay(reviewMail(fr.id));

    expect(answer.status).toBe(202);
    expect(answer.body.outcome).toBe('queued');
    const [mail] = await mailsOnceThere(fr.email);
    expect(mail!.subject).toBe('Un nouvel avis sur Suds');
    expect(mail!.text).toContain('5 étoiles');
    expect(mail!.text).toContain('les nouveaux avis sur vos laveries');
    expect(mail!.text).toContain('Se désabonner: /api/notifications/unsubscribe?token=');
    expect(mail!.html).toContain('<html lang="fr">');
  });

  test('when the same mailId is sent again, then the person gets one mail', async () => {
    const ada = await person();
    const mailId = `test:${randomUUID()}`;

    const first = await relay(reviewMail(ada.id, mailId));
    const again = await relay(reviewMail(ada.id, mailId));

    expect(first.body.outcome).toBe('queued');
    expect(again.status).toBe(202);
    expect(again.body.outcome).toBe('duplicate');
    await mailsOnceThere(ada.email);
    await settle();
    expect(await outboxTo(ada.email)).toHaveLength(1);
  });

  test('when the caller does not hold the internal secret, then 403 and nothing is sent', async () => {
    const ada = await person();
    const forged = {
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(undefined, 'not-the-secret-0123456789', 'x'),
    };

    expect((await relay(reviewMail(ada.id), {})).status).toBe(403);
    expect((await relay(reviewMail(ada.id), forged)).status).toBe(403);
    await settle();
    expect(await outboxTo(ada.email)).toHaveLength(0);
  });

  test('when the request is malformed, then 400 says what is wrong', async () => {
    const ada = await person();
    const both = await relay({ ...reviewMail(ada.id), to: 'x@example.com' });
    const notification = await relay({
      mailId: 'test:to-anyone',
      type: 'owner.review',
      to: 'x@example.com',
      content,
    });
    const unknownType = await relay({ ...reviewMail(ada.id), type: 'owner.spam' });

    expect(both.status).toBe(400);
    expect(notification.status).toBe(400);
    expect(JSON.stringify(notification.body)).toContain('only they can turn it off');
    expect(unknownType.status).toBe(400);
  });

  test('when a claim code goes to an address of no account, then it is sent in the language given, without an unsubscribe line', async () => {
    const to = uniqueEmail('desk');

    const answer = await relay({
      mailId: `test:${randomUUID()}`,
      type: 'owner.claim-code',
      to,
      language: 'es',
      content: { ...content, es: { subject: 'Tu código', text: 'El código es 123456.' } },
    });

    expect(answer.body.outcome).toBe('queued');
    const [mail] = await mailsOnceThere(to);
    expect(mail!.subject).toBe('Tu código');
    expect(mail!.text).not.toContain('unsubscribe');
  });
});

describe('notification preferences', () => {
  test('when a person turns a type off, then mail of that type is not sent and the others still are', async () => {
    const ada = await person();
    expect((await preferencesOf(ada)).body.preferences['owner.review']).toBe(true);

    const put = await fetch(`${server.baseUrl}/api/me/notifications`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...signedIn(ada) },
      body: JSON.stringify({ preferences: { 'owner.review': false } }),
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as NotificationPreferences).preferences).toMatchObject({
      'owner.review': false,
      'owner.suggestion': true,
    });

    expect((await relay(reviewMail(ada.id))).body.outcome).toBe('turned-off');
    const suggestion = await relay({ ...reviewMail(ada.id), type: 'owner.suggestion' });
    expect(suggestion.body.outcome).toBe('queued');
    await mailsOnceThere(ada.email);
    await settle();
    expect(await outboxTo(ada.email)).toHaveLength(1);
  });

  test('when a transactional type names a person who turned everything off, then it is still sent', async () => {
    const ada = await person();
    await fetch(`${server.baseUrl}/api/me/notifications`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...signedIn(ada) },
      body: JSON.stringify({
        preferences: Object.fromEntries(
          Object.keys((await preferencesOf(ada)).body.preferences).map((type) => [type, false]),
        ),
      }),
    });

    const answer = await relay({ ...reviewMail(ada.id), type: 'owner.claim-code' });

    expect(answer.body.outcome).toBe('queued');
    const [mail] = await mailsOnceThere(ada.email);
    expect(mail!.text).not.toContain('/api/notifications/unsubscribe');
  });

  test('when signed out or the body names an unknown type, then 401 and 400', async () => {
    const ada = await person();
    expect((await fetch(`${server.baseUrl}/api/me/notifications`)).status).toBe(401);
    const bad = await fetch(`${server.baseUrl}/api/me/notifications`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...signedIn(ada) },
      body: JSON.stringify({ preferences: { 'owner.spam': false } }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain(
      'Unknown notification type',
    );
  });

  test('when the person exports their data, then their preferences are in it; erased with the account', async () => {
    const ada = await person();
    await fetch(`${server.baseUrl}/api/me/notifications`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...signedIn(ada) },
      body: JSON.stringify({ preferences: { 'advertiser.budget': false } }),
    });

    const exported = await fetch(`${server.baseUrl}/internal/me/personal-data`, { headers: signedIn(ada) });
    const data = (await exported.json()) as { parts: Record<string, Record<string, unknown>[]> };
    expect(personalDataSchema.safeParse(data).success).toBe(true);
    expect(data.parts['notification-preferences']).toEqual([
      expect.objectContaining({ notificationType: 'advertiser.budget', enabled: false }),
    ]);
    // The account's row goes when its erasure is recorded (DELETE /api/me); its preferences go with it.
    await server.db.query('DELETE FROM users WHERE id = $1', [ada.id]);
    expect(
      await server.db.query('SELECT 1 FROM notification_preferences WHERE user_id = $1', [ada.id]),
    ).toHaveLength(0);
  });
});

describe('the unsubscribe link of a notification mail', () => {
  async function mailedLink(language: 'en' | 'fr' = 'en') {
    const who = await person(language);
    await relay(reviewMail(who.id));
    const [mail] = await mailsOnceThere(who.email);
    return { who, link: unsubscribeLink(mail!.text) };
  }

  test('when it is opened, then a page in the person’s language asks to confirm and nothing changes yet', async () => {
    const { who, link } = await mailedLink('fr');

    const page = await fetch(`${server.baseUrl}${link.replace(/&lang=\w+/, '')}`);

    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Ne plus recevoir ces e-mails ?');
    expect(html).toContain('method="post"');
    expect((await preferencesOf(who)).body.preferences['owner.review']).toBe(true);
  });

  test('when its button is pressed, then the type is off and the page says so', async () => {
    const { who, link } = await mailedLink();

    const done = await fetch(`${server.baseUrl}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });

    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await preferencesOf(who)).body.preferences['owner.review']).toBe(false);
    expect((await relay(reviewMail(who.id))).body.outcome).toBe('turned-off');
  });

  test('when a mail client posts the RFC 8058 one-click body, then the type is off', async () => {
    const { who, link } = await mailedLink();

    const done = await fetch(`${server.baseUrl}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

    expect(done.status).toBe(200);
    expect((await preferencesOf(who)).body.preferences['owner.review']).toBe(false);
    expect((await preferencesOf(who)).body.preferences['owner.suggestion']).toBe(true);
  });

  test.each([
    [
      'forged (signed with another key)',
      (userId: string) =>
        signUnsubscribeToken(unsubscribeKey('another secret'), { userId, type: 'owner.review' }),
    ],
    [
      'expired',
      (userId: string) =>
        signUnsubscribeToken(
          unsubscribeKey(server.config.SESSION_SECRET),
          { userId, type: 'owner.review' },
          new Date(Date.now() - 2 * 86_400_000),
          86_400,
        ),
    ],
    ['garbage', () => 'not-a-token'],
  ])('when the token is %s, then 400 with a page saying so and nothing changes', async (_case, token) => {
    const ada = await person();
    const path = `/api/notifications/unsubscribe?token=${encodeURIComponent(token(ada.id))}`;

    const opened = await fetch(`${server.baseUrl}${path}`);
    const posted = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain('This link does not work');
    expect(posted.status).toBe(400);
    expect((await preferencesOf(ada)).body.preferences['owner.review']).toBe(true);
  });
});
