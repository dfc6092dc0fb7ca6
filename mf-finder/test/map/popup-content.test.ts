import { describe, expect, it } from 'vitest';
import type { OpenStatus } from '@laundry/contracts';
import { laundromatPopupContent, type PopupLaundromat } from '../../src/map/popup-content.ts';
import { serverReading } from './server-reading.ts';

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
    [serverReading(true), 'finder:badges.open', 'open'],
    [serverReading(false), 'finder:badges.closed', 'closed'],
    [serverReading(true, true), 'finder:badges.open', 'open'],
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
    expect(laundromatPopupContent(laundromat(rating, serverReading(true)), locale, now).rating).toEqual(
      expected,
    );
  });

  it('when shown, then it carries the name and address', () => {
    const content = laundromatPopupContent(laundromat(null, serverReading(false)), 'en', now);
    expect(content).toMatchObject({ name: 'Suds & Duds', address: '1 Jalan Hang Tuah, Melaka' });
  });
});
