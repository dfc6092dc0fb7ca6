import { describe, expect, it } from 'vitest';
import type { Mail } from '../../src/domain/mailer.ts';
import { composeRelayedMail, sendRelayedMail, type RelayedMailStore } from '../../src/domain/relay-mail.ts';
import { readUnsubscribeToken, unsubscribeKey } from '../../src/domain/unsubscribe-token.ts';
import { notificationTexts } from '../../src/login-page/notification-texts.ts';

const key = unsubscribeKey('relayed-mail-test-session-secret-0123456789');
const userId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';
const content = {
  subject: 'Budget nearly spent',
  text: 'Your campaign has spent 80 % of its budget.',
  html: '<!doctype html><html lang="en"><body><p>Your campaign has spent 80 % of its budget.</p></body></html>',
};

describe('a notification mail as identity sends it', () => {
  it('when PUBLIC_URL is set, then it carries one-click List-Unsubscribe headers with an absolute link naming the person and the type', () => {
    const mail = composeRelayedMail(
      { texts: notificationTexts, unsubscribeKey: key, publicUrl: 'https://laundry.example' },
      { to: 'ada@example.com', language: 'en', content, notification: { userId, type: 'advertiser.budget' } },
    );

    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/laundry\.example\/api\/notifications\/unsubscribe\?[^>]+)>$/.exec(
      mail.headers!['List-Unsubscribe']!,
    )?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    expect(readUnsubscribeToken(key, token)).toEqual({ userId, type: 'advertiser.budget' });
    expect(mail.text).toContain(`Unsubscribe: ${link}`);
    // The footer goes inside the caller's HTML body, with the link escaped.
    expect(mail.html).toMatch(
      /your campaigns’ budgets.*<a href="https:\/\/laundry\.example[^"]+">Unsubscribe<\/a><\/p>\n<\/body>/s,
    );
  });

  it.each(['zh', 'hi', 'es', 'fr'] as const)(
    'when the person reads %s, then the footer is in it',
    (language) => {
      const mail = composeRelayedMail(
        { texts: notificationTexts, unsubscribeKey: key, publicUrl: undefined },
        { to: 'ada@example.com', language, content, notification: { userId, type: 'owner.review' } },
      );

      expect(mail.text).toContain(notificationTexts(language).types['owner.review']);
      expect(mail.text).toContain(
        `${notificationTexts(language).unsubscribe}: /api/notifications/unsubscribe?`,
      );
      // Without PUBLIC_URL the link is a path: a mail client could not post to it, so no headers.
      expect(mail.headers).toEqual({});
    },
  );

  it('when the mail is transactional, then it has no footer and no unsubscribe headers', () => {
    const mail = composeRelayedMail(
      { texts: notificationTexts, unsubscribeKey: key, publicUrl: 'https://laundry.example' },
      { to: 'desk@suds.example', language: 'en', content: { subject: 'Code', text: 'It is 123456.' } },
    );

    expect(mail.text).toBe('It is 123456.');
    expect(mail.headers).toBeUndefined();
    expect(mail.html).toContain('<p>It is 123456.</p>');
  });

  it('when a token expired or was changed, then it names nobody', () => {
    const mail = composeRelayedMail(
      { texts: notificationTexts, unsubscribeKey: key, publicUrl: 'https://laundry.example' },
      { to: 'ada@example.com', language: 'en', content, notification: { userId, type: 'owner.review' } },
      new Date('2020-01-01T00:00:00Z'),
    );
    const token = new URL(/<([^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!).searchParams.get(
      'token',
    )!;

    expect(readUnsubscribeToken(key, token, new Date('2020-02-01T00:00:00Z'))).toBeDefined();
    expect(readUnsubscribeToken(key, token)).toBeUndefined();
    const [payload, signature] = token.split('.');
    const otherType = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), t: 'owner.suggestion' }),
    ).toString('base64url');
    expect(
      readUnsubscribeToken(key, `${otherType}.${signature}`, new Date('2020-02-01T00:00:00Z')),
    ).toBeUndefined();
  });
});

/** The store as a map: a mail is unsent while it has content. */
function memoryStore(mail: Mail) {
  const rows = new Map<string, { mail?: Mail; sent: boolean }>([['m-1', { mail, sent: false }]]);
  const store: RelayedMailStore = {
    insert: async () => false,
    remove: async () => {},
    unsent: async (id) => {
      const row = rows.get(id);
      return row && !row.sent ? row.mail : undefined;
    },
    markSent: async (id) => rows.set(id, { sent: true }) && undefined,
    giveUp: async (id) => rows.set(id, { sent: false }) && undefined,
  };
  return { store, rows };
}

describe('sending a relayed mail in the mail job', () => {
  const mail = {
    to: 'desk@suds.example',
    subject: 'Code',
    text: 'It is 123456.',
    html: '<p>It is 123456.</p>',
  };
  const down = { send: async () => Promise.reject(new Error('mail server down')) };

  it('when a try fails before the last, then the mail is kept for the next try', async () => {
    const { store, rows } = memoryStore(mail);
    await expect(sendRelayedMail({ relayed: store, mailer: down }, 'm-1')).rejects.toThrow('down');
    expect(rows.get('m-1')!.mail).toEqual(mail);
  });

  it('when the last try fails, then the address and the code are not kept', async () => {
    const { store, rows } = memoryStore(mail);
    await expect(sendRelayedMail({ relayed: store, mailer: down }, 'm-1', true)).rejects.toThrow('down');
    expect(rows.get('m-1')!.mail).toBeUndefined();
  });

  it('when the job runs again after sending, then nothing more is sent', async () => {
    const { store } = memoryStore(mail);
    const sent: Mail[] = [];
    const mailer = { send: async (each: Mail) => void sent.push(each) };
    expect(await sendRelayedMail({ relayed: store, mailer }, 'm-1')).toBe('sent');
    expect(await sendRelayedMail({ relayed: store, mailer }, 'm-1')).toBe('already-sent');
    expect(sent).toHaveLength(1);
  });
});
