import { describe, expect, it } from 'vitest';
import type { OpenStatus } from '@laundry/contracts';
import { laundromatPopupContent, type PopupLaundromat } from '../../src/map/popup-content.ts';

const status = (isOpenNow: boolean, is24Hours = false): OpenStatus => ({
  isOpenNow,
  is24Hours,
  todayHours: null,
  nextChange: null,
  statusText: { kind: 'hours_not_available' },
});
const now = new Date('2025-10-21T12:00:00Z');
const laundromat = (averageRating: number | null, openStatus: OpenStatus): PopupLaundromat => ({
  name: 'Suds & Duds',
  address: '1 Jalan Hang Tuah, Melaka',
  averageRating,
  hours: null,
  timeZone: '',
  openStatus,
});

describe('marker popup', () => {
  it.each([
    [status(true), 'finder:badges.open', 'open'],
    [status(false), 'finder:badges.closed', 'closed'],
    [status(true, true), 'finder:badges.open', 'open'],
  ])('when the status is %o, then the badge is %s', (openStatus, key, tone) => {
    expect(laundromatPopupContent(laundromat(4, openStatus), 'en', now).badge).toEqual({
      label: { key },
      tone,
    });
  });

  it.each([
    [4.25, 'en', { key: 'finder:rating.value', values: { rating: '4.3' } }],
    [4, 'fr', { key: 'finder:rating.value', values: { rating: '4,0' } }],
    [null, 'en', { key: 'finder:rating.noRating' }],
    [0, 'en', { key: 'finder:rating.noRating' }],
  ])('when the average rating is %o (%s), then the popup reads %o', (rating, locale, expected) => {
    expect(laundromatPopupContent(laundromat(rating, status(true)), locale, now).rating).toEqual(expected);
  });

  it('when shown, then it carries the name and address', () => {
    const content = laundromatPopupContent(laundromat(null, status(false)), 'en', now);
    expect(content).toMatchObject({ name: 'Suds & Duds', address: '1 Jalan Hang Tuah, Melaka' });
  });
});
