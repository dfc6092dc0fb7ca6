import { describe, expect, it } from 'vitest';
import type { AdvertiserNoticeRaisedV1Data } from '@laundry/contracts';
import { advertiserNoticeMail, amountText } from '../../src/domain/advertiser-notice-mail.ts';

const notice = (fields: Partial<AdvertiserNoticeRaisedV1Data>): AdvertiserNoticeRaisedV1Data => ({
  noticeId: 'statement-issued:7a1f1b1e-2f0c-4e6e-9d64-1b8a0f3c9b11',
  kind: 'statement-issued',
  advertiserId: '5b0c8f5e-3a57-4f63-9a0e-6f1e2d3c4b5a',
  userId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  invoiceNumber: 'INV-2026-000042',
  occurredAt: '2026-11-29T10:00:00.000Z',
  ...fields,
});

describe("an advertiser notice's amount", () => {
  it('when a yen statement is issued, then every language writes whole yen, never cents', () => {
    const mail = advertiserNoticeMail(
      notice({ amountCents: 14_198, currency: 'JPY' }),
      'https://laundry.example',
    );

    expect(mail.content.en!.text).toContain('Your statement for ¥14,198 and its invoice INV-2026-000042');
    expect(mail.content.fr!.text).toContain('14\u202f198');
    expect(mail.content.fr!.text).toContain('JPY');
    for (const language of ['en', 'zh', 'hi', 'es', 'fr'] as const) {
      expect(mail.content[language]!.text).not.toMatch(/141[.,]98|14[.,]198[.,]00/);
    }
  });

  it('when a charge in euros or dollars is declined or refunded, then its amount is in that currency as the reader writes it', () => {
    expect(amountText(notice({ kind: 'charge-failed', amountCents: 123_456, currency: 'EUR' }), 'fr')).toBe(
      '1\u202f234,56\u00a0€',
    );
    expect(amountText(notice({ kind: 'refund-issued', amountCents: 150, currency: 'USD' }), 'en')).toBe(
      '$1.50',
    );
    expect(amountText(notice({ kind: 'refund-issued', amountCents: 150 }), 'en')).toBe('$1.50');
    expect(amountText(notice({ kind: 'statement-issued', amountCents: 99, currency: 'GBP' }), 'en')).toBe(
      '£0.99',
    );
    expect(amountText(notice({ kind: 'campaign-approved' }), 'en')).toBe('');
  });
});
