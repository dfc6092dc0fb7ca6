import { describe, expect, it } from 'vitest';
import {
  createEvent,
  eventTypes,
  events,
  isEventType,
  parseEvent,
  photoOcrCompletedV1,
  reviewCreatedV1,
  reviewCreatedV1Schema,
} from '../src/index.ts';

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
    expect(eventTypes).toEqual([
      'laundromat.submitted.v1',
      'laundromat.approved.v1',
      'review.created.v1',
      'photo.uploaded.v1',
      'photo.ocr-completed.v1',
      'campaign.created.v1',
      'ad.impression-recorded.v1',
      'ad.click-recorded.v1',
      'payout.processed.v1',
      'billing.account-suspended.v1',
      'audit.recorded.v1',
      'user.consent-changed.v1',
      'user.deleted.v1',
    ]);
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
});
