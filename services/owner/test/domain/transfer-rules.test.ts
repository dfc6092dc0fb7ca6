import { describe, expect, it } from 'vitest';
import {
  transferAcceptRefusal,
  transferStartRefusal,
  transferValidityMs,
} from '../../src/domain/claim-transfers.ts';
import { transferLink, transferMail } from '../../src/domain/transfer-mail.ts';

const now = new Date('2026-11-29T12:00:00Z');
const pending = {
  toEmail: 'buyer@example.test',
  status: 'pending' as const,
  expiresAt: new Date(now.getTime() + 3_600_000),
};

describe('starting a transfer', () => {
  it.each([
    ['the owner’s own address', 'owner@example.test', 'TRANSFER_TO_SELF'],
    ['the same address in capitals and spaces', ' OWNER@Example.test ', 'TRANSFER_TO_SELF'],
    ['another person’s address', 'buyer@example.test', undefined],
  ])('when it is sent to %s, then the refusal is %s', (_case, to, code) => {
    const refusal = transferStartRefusal('owner@example.test', to);
    expect(refusal?.code).toBe(code);
    if (refusal) expect(refusal.status).toBe(400);
  });

  it('when made, then it lasts seven days', () => {
    expect(transferValidityMs).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

describe('accepting a transfer', () => {
  it.each([
    ['its recipient, while it waits', pending, 'Buyer@Example.test', undefined, undefined],
    ['another account', pending, 'someone@example.test', 403, 'TRANSFER_OTHER_ACCOUNT'],
    [
      'another account, once it expired',
      { ...pending, status: 'expired' as const },
      'x@example.test',
      403,
      'TRANSFER_OTHER_ACCOUNT',
    ],
    [
      'its recipient, once accepted',
      { ...pending, status: 'accepted' as const },
      'buyer@example.test',
      409,
      'TRANSFER_ACCEPTED',
    ],
    [
      'its recipient, once cancelled',
      { ...pending, status: 'cancelled' as const },
      'buyer@example.test',
      410,
      'TRANSFER_CANCELLED',
    ],
    [
      'its recipient, once marked expired',
      { ...pending, status: 'expired' as const },
      'buyer@example.test',
      410,
      'TRANSFER_EXPIRED',
    ],
    [
      'its recipient, the moment its time ran out',
      { ...pending, expiresAt: now },
      'buyer@example.test',
      410,
      'TRANSFER_EXPIRED',
    ],
  ])('when it is %s, then the answer is %s', (_case, row, email, status, code) => {
    const refusal = transferAcceptRefusal(row, { email }, now);
    expect(refusal?.status).toBe(status);
    expect(refusal?.code).toBe(code);
  });
});

describe("a transfer's mail", () => {
  const transfer = { id: '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab', toEmail: 'buyer@example.test' };

  it('when PUBLIC_URL is set, then the link is absolute; without it, a path on the outbox’s origin', () => {
    expect(transferLink('https://laundry.example/', transfer.id)).toBe(
      `https://laundry.example/advertiser/transfers/${transfer.id}`,
    );
    expect(transferLink(undefined, transfer.id)).toBe(`/advertiser/transfers/${transfer.id}`);
  });

  it('when written in Spanish for a name with markup, then it speaks Spanish, names the sender and the name is text', () => {
    const request = transferMail(
      transfer,
      'owner@example.test',
      'Suds <b>&</b> Co',
      'https://laundry.example',
      'es',
    );
    expect(request).toMatchObject({
      type: 'owner.claim-transfer',
      to: 'buyer@example.test',
      language: 'es',
      mailId: `owner-claim-transfer:${transfer.id}`,
    });
    const mail = request.content.es!;
    expect(mail.subject).toBe('Te están traspasando Suds <b>&</b> Co en Laundromat Finder');
    expect(mail.text).toContain('owner@example.test');
    expect(mail.text).toContain('7 días');
    expect(mail.html).toContain('Suds &#60;b&#62;&#38;&#60;/b&#62; Co');
    expect(mail.html).not.toContain('<b>');
  });

  it.each(['en', 'zh', 'hi', 'es', 'fr'] as const)(
    'when written in %s, then it carries the link, the recipient’s address and its 7 days',
    (language) => {
      const mail = transferMail(transfer, 'owner@example.test', 'Suds', undefined, language).content[
        language
      ]!;
      expect(mail.subject).toContain('Suds');
      expect(mail.text).toContain(`/advertiser/transfers/${transfer.id}`);
      expect(mail.text).toContain('buyer@example.test');
      expect(mail.text).toContain('7');
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );
});
