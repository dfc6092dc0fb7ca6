import { describe, expect, it } from 'vitest';
import {
  favoriteListItemSchema,
  laundromatListResponseSchema,
  laundromatSchema,
  openStatusSchema,
} from '../src/index.ts';

const stored = {
  id: '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6071',
  name: 'Suds City',
  address: '12 Main Street',
  latitude: 30.27,
  longitude: -97.74,
  country: 'US',
  city: 'Austin',
  phone: null,
  website: null,
  hours: { monday: '9:00-21:00', sunday: 'closed' },
  numWashers: 12,
  numDryers: 10,
  washPriceSmall: 3.5,
  washPriceLarge: null,
  dryPrice15min: null,
  dryPrice30min: 1.25,
  detergentPrice: null,
  averageRating: null,
  priceScore: null,
  safetyScore: null,
  cleanlinessScore: null,
  reliabilityScore: null,
  accessibilityScore: null,
  createdAt: '2025-10-21T10:00:00.000Z',
  updatedAt: '2025-10-21T10:00:00.000Z',
  timeZone: 'America/Chicago',
  openStatus: {
    isOpenNow: true,
    is24Hours: false,
    todayHours: '9:00-21:00',
    nextChange: '2025-10-22T02:00:00.000Z',
    statusText: { kind: 'closes_at', time: '21:00' },
  },
};

describe('laundromatSchema', () => {
  it('when a row omits booleans and counters, then their defaults are filled in', () => {
    const l = laundromatSchema.parse(stored);
    expect(l).toMatchObject({
      isSelfService: true,
      acceptsCoin: true,
      acceptsCard: false,
      currency: 'USD',
      totalReviews: 0,
      status: 'approved',
      isVerified: false,
      isActive: true,
    });
  });

  it('when a list response is parsed, then nextCursor may be null', () => {
    expect(laundromatListResponseSchema.parse({ items: [stored], nextCursor: null }).items).toHaveLength(1);
  });
});

describe('openStatusSchema', () => {
  it.each([
    [{ kind: 'open_24_hours' }, true],
    [{ kind: 'closes_at', time: '21:00' }, true],
    [{ kind: 'opens_at', time: '07:30' }, true],
    [{ kind: 'opens_tomorrow_at', time: '08:00' }, true],
    [{ kind: 'opens_tomorrow' }, true],
    [{ kind: 'closed_today' }, true],
    [{ kind: 'hours_not_available' }, true],
    [{ kind: 'closes_at' }, false],
    [{ kind: 'closes_at', time: '9pm' }, false],
    [{ kind: 'open' }, false],
  ])('when statusText is %j, then validity is %s', (statusText, ok) => {
    const status = { isOpenNow: false, is24Hours: false, todayHours: null, nextChange: null, statusText };
    expect(openStatusSchema.safeParse(status).success).toBe(ok);
  });
});

describe('favoriteListItemSchema', () => {
  it('when a favorite row has the fields the page needs, then it parses', () => {
    const item = favoriteListItemSchema.parse({
      id: stored.id,
      name: stored.name,
      hours: stored.hours,
      averageRating: 4.5,
      totalReviews: 2,
      address: stored.address,
      latitude: stored.latitude,
      longitude: stored.longitude,
      washPriceSmall: 3.5,
      dryPrice30min: null,
      currency: 'EUR',
    });
    expect(item.currency).toBe('EUR');
  });
});
