import { describe, expect, it } from 'vitest';
import { notificationTypes } from '@laundry/contracts';
import {
  notificationHint,
  notificationKey,
  notificationLabel,
  portalNotificationTypes,
  withPreference,
} from '../../src/domain/notification-settings.ts';
import {
  answerWindow,
  changeRows,
  changeValue,
  decisionRequest,
  fieldLabel,
  formatPrice,
  hoursValue,
  needsCurrency,
  waitingCount,
  type ChangeValue,
} from '../../src/domain/owner-suggestions.ts';
import { english } from '../support/english.ts';

describe('a suggested change shown to the owner', () => {
  it('when the hours are a plain week, then they read day by day, runs of equal days together', () => {
    expect(hoursValue('Mo-Fr 08:00-20:00; Sa 09:00-13:00; Su off')).toEqual({
      type: 'hours',
      groups: [
        { first: 'monday', last: 'friday', closed: false, ranges: [['08:00', '20:00', false]] },
        { first: 'saturday', last: 'saturday', closed: false, ranges: [['09:00', '13:00', false]] },
        { first: 'sunday', last: 'sunday', closed: true, ranges: [] },
      ],
    });
  });

  it('when a day runs past midnight, then its range says so', () => {
    const value = hoursValue('Mo-Su 18:00-02:00');
    expect(value).toEqual({
      type: 'hours',
      groups: [{ first: 'monday', last: 'sunday', closed: false, ranges: [['18:00', '02:00', true]] }],
    });
  });

  it("when the hours are '24/7', then it is always open", () => {
    expect(hoursValue('24/7')).toEqual({ type: 'alwaysOpen' });
  });

  it('when the hours say more than a week (special days, months), then the OpenStreetMap text is kept', () => {
    expect(hoursValue('Mo-Fr 08:00-20:00; PH off')).toEqual({
      type: 'text',
      text: 'Mo-Fr 08:00-20:00; PH off',
    });
    expect(hoursValue('Jan-Mar Mo 08:00-12:00')).toEqual({ type: 'text', text: 'Jan-Mar Mo 08:00-12:00' });
  });

  it("when a price changes, then both sides are in the laundromat's currency and the reader's locale", () => {
    expect(changeValue('washPriceSmall', '3.50', 'EUR', 'en')).toEqual({ type: 'money', text: '€3.50' });
    expect(changeValue('washPriceSmall', 4, 'EUR', 'fr')).toEqual({
      type: 'money',
      text: formatPrice(4, 'EUR', 'fr'),
    });
    expect(formatPrice(4, 'EUR', 'fr')).toMatch(/^4,00\s€$/);
    expect(changeValue('dryPrice15min', null, 'EUR', 'en')).toEqual({ type: 'none' });
  });

  it('when the currency is not known yet, then the price is a plain number with two decimals', () => {
    expect(formatPrice(2.5, undefined, 'en')).toBe('2.50');
  });

  it('when an amenity, a status or a listing changes, then it reads as words, not as true or false', () => {
    expect(changeValue('hasWifi', true, undefined, 'en')).toEqual({ type: 'flag', on: true });
    const words = (value: ChangeValue) => (value.type === 'message' ? english(value.text) : undefined);
    expect(words(changeValue('status', 'closed', undefined, 'en'))).toBe('Closed for good');
    expect(words(changeValue('isActive', false, undefined, 'en'))).toBe('Not listed');
  });

  it('when a pin moves, then both sides are coordinates', () => {
    expect(changeValue('location', { latitude: 38.7, longitude: -9.14 }, undefined, 'en')).toEqual({
      type: 'text',
      text: '38.700000, -9.140000',
    });
  });

  it("when the fields are named, then prices and contact use the listing editor's words, amenities the finder's", () => {
    expect(english(fieldLabel('washPriceSmall'))).toBe('Wash, small machine');
    expect(english(fieldLabel('phone'))).toBe('Phone');
    expect(english(fieldLabel('openingHours'))).toBe('Opening hours');
    expect(english(fieldLabel('location'))).toBe('Location on the map');
    expect(fieldLabel('hasWifi')).toEqual({ key: 'finder:amenities.hasWifi' });
    expect(english(fieldLabel('somethingNew'))).toBe('somethingNew');
  });

  it('when a suggestion has several fields, then each is a row with its current and proposed value', () => {
    const rows = changeRows(
      [
        { field: 'phone', current: null, proposed: '+351 21 000 0000' },
        { field: 'washPriceLarge', current: 6, proposed: 7.5 },
      ],
      'USD',
      'en',
    );
    expect(rows.map((row) => [row.field, row.current, row.proposed])).toEqual([
      ['phone', { type: 'none' }, { type: 'text', text: '+351 21 000 0000' }],
      ['washPriceLarge', { type: 'money', text: '$6.00' }, { type: 'money', text: '$7.50' }],
    ]);
    expect(needsCurrency({ changes: [{ field: 'phone', current: null, proposed: '1' }] })).toBe(false);
    expect(needsCurrency({ changes: [{ field: 'detergentPrice', current: 1, proposed: 2 }] })).toBe(true);
  });
});

describe("the owner's decision", () => {
  it('when a suggestion is accepted, then the body is an approval without a reason', () => {
    expect(decisionRequest('approve', 'ignored')).toEqual({ ok: true, request: { decision: 'approve' } });
  });

  it("when it is rejected without a reason, then the contract's message is shown in the reader's words", () => {
    const checked = decisionRequest('reject', '   ');
    expect(checked.ok).toBe(false);
    expect(english(checked.ok ? undefined : checked.error)).toBe('A reason for the rejection is required');
  });

  it('when the reason is longer than 2000 characters, then it is refused before it is sent', () => {
    const checked = decisionRequest('reject', 'x'.repeat(2001));
    expect(english(checked.ok ? undefined : checked.error)).toBe('Use at most 2000 characters');
  });

  it('when it is rejected with a reason, then the reason goes trimmed', () => {
    expect(decisionRequest('reject', '  Our hours changed  ')).toEqual({
      ok: true,
      request: { decision: 'reject', reason: 'Our hours changed' },
    });
  });

  it("when the owner's week is running, then the whole days left are counted; after it the admins decide", () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(answerWindow('2026-03-05T11:00:00Z', now)).toEqual({ state: 'owner', daysLeft: 4 });
    expect(answerWindow('2026-03-01T12:30:00Z', now)).toEqual({ state: 'owner', daysLeft: 1 });
    expect(answerWindow('2026-03-01T11:00:00Z', now)).toEqual({ state: 'admins' });
  });

  it('when the list is not loaded or empty, then no edit is waiting', () => {
    expect(waitingCount(undefined)).toBe(0);
    expect(waitingCount({ items: [{}, {}] })).toBe(2);
  });
});

describe('the e-mail notification switches', () => {
  it("when the portal lists them, then they are the owners' and advertisers' types, each named and explained", () => {
    expect(portalNotificationTypes).toEqual(
      notificationTypes.filter((type) => type !== 'reviewer.owner-reply'),
    );
    for (const type of portalNotificationTypes) {
      expect(english(notificationLabel(type)), type).toEqual(expect.any(String));
      expect(english(notificationHint(type)), type).toEqual(expect.any(String));
    }
    expect(notificationKey('owner.out-of-order')).toBe('ownerOutOfOrder');
  });

  it('when a switch flips, then only its type changes', () => {
    const before = {
      preferences: Object.fromEntries(notificationTypes.map((type) => [type, true])) as Record<
        (typeof notificationTypes)[number],
        boolean
      >,
    };
    const after = withPreference(before, 'owner.suggestion', false);
    expect(after?.preferences['owner.suggestion']).toBe(false);
    expect(after?.preferences['owner.review']).toBe(true);
    expect(withPreference(undefined, 'owner.review', false)).toBeUndefined();
  });
});
