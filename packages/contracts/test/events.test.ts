import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adClickRecordedV2,
  adImpressionRecordedV2,
  createEvent,
  eventTypes,
  events,
  isEventType,
  parseEvent,
  payoutProcessedV2,
  photoOcrCompletedV1,
  reviewCreatedV1,
  reviewCreatedV1Schema,
} from '../src/index.ts';

/** The events docs/architecture.md's table names in its first column, so the page and the registry agree. */
function architectureTableEvents(): string[] {
  const page = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
  const table = page.split('| event | producer | consumers |')[1]?.split('\n\n')[0] ?? '';
  return table
    .split('\n')
    .map((row) => row.split('|')[1] ?? '')
    .flatMap((cell) => [...cell.matchAll(/`([a-z.-]+\.v\d+)`/g)].map((match) => match[1]!));
}

const ids = {
  review: '6f1d1d2a-0b7e-4c55-9a11-2f1c3d4e5f60',
  laundromat: '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6071',
  user: '8b3f3f4c-2d9a-4e77-9c33-4b3e5f607182',
  photo: '9c4a4a5d-3eab-4f88-8d44-5c4f60718293',
};

const reviewData = {
  reviewId: ids.review,
  laundromatId: ids.laundromat,
  userId: ids.user,
  overallRating: 4,
  priceRating: 3,
  safetyRating: null,
  cleanlinessRating: 5,
  reliabilityRating: null,
  accessibilityRating: 2,
  createdAt: '2025-10-21T10:00:00.000Z',
};

describe('events', () => {
  it("when the registry is read, then it holds every event of the architecture page's table, named <subject>.<past-tense>.v<n>", () => {
    expect([...eventTypes].sort()).toEqual([...architectureTableEvents()].sort());
    for (const type of eventTypes) expect(type).toMatch(/^[a-z]+\.[a-z-]+\.v\d+$/);
  });

  it('when an event is created, then it carries a uuid id, the type, an ISO time, the producer and the data', () => {
    const event = createEvent(reviewCreatedV1, 'review', reviewData);
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.type).toBe('review.created.v1');
    expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
    expect(event.producer).toBe('review');
    expect(event.data).toEqual(reviewData);
    expect(reviewCreatedV1Schema.parse(event)).toEqual(event);
  });

  it('when the data breaks the contract, then creating the event throws at the producer', () => {
    expect(() => createEvent(reviewCreatedV1, 'review', { ...reviewData, overallRating: 9 })).toThrow();
  });

  it('when an envelope of another type is parsed as review.created.v1, then it is rejected', () => {
    const event = createEvent(reviewCreatedV1, 'review', reviewData);
    expect(events[reviewCreatedV1].safeParse({ ...event, type: 'review.deleted.v1' }).success).toBe(false);
  });

  it('when an OCR result is parsed, then detected prices keep amount, currency, unit and item', () => {
    const event = parseEvent(photoOcrCompletedV1, {
      id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      type: photoOcrCompletedV1,
      occurredAt: '2025-10-21T10:00:00Z',
      producer: 'photo-worker',
      data: {
        photoId: ids.photo,
        laundromatId: ids.laundromat,
        extractedText: 'WASH $3.50 DRY $1.25/30 MIN',
        confidence: 87.5,
        detectedPrices: [
          { amount: 3.5, currency: 'USD', unit: 'load', item: 'wash' },
          { amount: 1.25, currency: 'USD', unit: '30min', item: 'dry' },
        ],
        detectedServices: ['self-service'],
      },
    });
    expect(event.data.detectedPrices[1]).toEqual({
      amount: 1.25,
      currency: 'USD',
      unit: '30min',
      item: 'dry',
    });
  });

  it('when a type name is checked, then only registered types are events', () => {
    expect(isEventType('payout.processed.v1')).toBe(true);
    expect(isEventType('toString')).toBe(false);
  });

  it('when an ad event v2 carries its cost, then only whole, non-negative ten-thousandths are accepted', () => {
    const data = {
      adEventId: ids.review,
      campaignId: ids.laundromat,
      advertiserId: ids.user,
      placementId: null,
      placementKey: 'home-sidebar',
      city: null,
      country: null,
      laundromatId: null,
      userId: null,
      costE4: 25,
      revenueE4: 25,
      recordedAt: '2025-10-21T10:00:00.000Z',
    };
    expect(createEvent(adImpressionRecordedV2, 'ad', data).data.costE4).toBe(25);
    expect(() => createEvent(adImpressionRecordedV2, 'ad', { ...data, costE4: 0.0025 })).toThrow();
    expect(() => createEvent(adClickRecordedV2, 'ad', { ...data, revenueE4: -1 })).toThrow();
  });

  it('when a payout v2 carries its amounts, then only whole, non-negative cents with a currency code are accepted', () => {
    const data = {
      payoutId: ids.review,
      advertiserId: ids.user,
      periodStart: '2025-10-01T00:00:00.000Z',
      periodEnd: '2025-11-01T00:00:00.000Z',
      totalImpressions: 1,
      totalClicks: 4,
      totalRevenueCents: 200,
      platformFeeCents: 30,
      advertiserChargeCents: 230,
      currency: 'USD',
      status: 'processed' as const,
      processedAt: '2025-11-01T00:05:00.000Z',
    };
    expect(createEvent(payoutProcessedV2, 'billing', data).data.advertiserChargeCents).toBe(230);
    expect(() =>
      createEvent(payoutProcessedV2, 'billing', { ...data, advertiserChargeCents: 2.3 }),
    ).toThrow();
    expect(() => createEvent(payoutProcessedV2, 'billing', { ...data, platformFeeCents: -1 })).toThrow();
    expect(() => createEvent(payoutProcessedV2, 'billing', { ...data, currency: 'usd' })).toThrow();
  });
});
