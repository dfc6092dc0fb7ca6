import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCreatedV1, type Review } from '@laundry/contracts';
import { loadConfig } from '@laundry/platform/config';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';
import { createService } from '@laundry/platform/service';
import { reviewConfigSchema, reviewService } from '../../src/index.ts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import {
  insertLaundromatsFor,
  postReview,
  startReviewStack,
  storedReviewCount,
  type ErrorBody,
  type TestStack,
} from '../support/review-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;
let listedId: string;
let secondId: string;
let pendingId: string;
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

beforeAll(async () => {
  stack = await startReviewStack();
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
  const ids = await insertLaundromatsFor(stack, [
    { name: 'Bright Suds' },
    { name: 'Second Spin' },
    { name: 'Not Yet Approved', status: 'pending' },
  ]);
  [listedId, secondId, pendingId] = [ids[0]!, ids[1]!, ids[2]!];
});

afterAll(() => stack?.stop());

const fullReview = {
  overallRating: 4,
  priceRating: 3,
  safetyRating: 5,
  cleanlinessRating: 4,
  reliabilityRating: 2,
  accessibilityRating: 1,
  visitTime: 'night',
  checklistItems: ['well-lit', 'safe-night', 'well-lit'],
  observedWashPrice: '$3.50',
  observedDryPrice: '$1.25/30min',
  reviewText: '  Clean and bright.  ',
  tips: 'Bring quarters.',
};

describe('posting a review when it is refused', () => {
  it('when nobody is signed in, then it is 401 and nothing is stored', async () => {
    const before = await storedReviewCount(stack);
    const response = await postReview(stack, undefined, listedId, { overallRating: 5 });

    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).message).toContain('Unauthorized');
    expect(await storedReviewCount(stack)).toBe(before);
  });

  it.each([
    ['overallRating is missing', {}, 'Overall rating is required'],
    ['overallRating is 0', { overallRating: 0 }, 'Overall rating is required'],
    ['overallRating is text', { overallRating: 'five' }, 'Overall rating is required'],
    ['overallRating is 6', { overallRating: 6 }, 'Rating must be between 1 and 5'],
    ['overallRating is 3.5', { overallRating: 3.5 }, 'Rating must be a whole number'],
    ['a sub-rating is 0', { overallRating: 4, priceRating: 0 }, 'Rating must be between 1 and 5'],
    [
      'visitTime is unknown',
      { overallRating: 4, visitTime: 'evening' },
      "Visit time must be 'day' or 'night'",
    ],
    [
      'a checklist id is unknown',
      { overallRating: 4, checklistItems: ['free-coffee'] },
      'Unknown checklist item',
    ],
    ['the review text is a number', { overallRating: 4, reviewText: 12 }, 'Review must be text'],
  ])('when %s, then it is 400 with its message and nothing is stored', async (_case, body, message) => {
    const before = await storedReviewCount(stack);
    const response = await postReview(stack, alice, listedId, body);

    expect(response.status).toBe(400);
    const error = (await response.json()) as ErrorBody;
    expect(error.message).toBe(message);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(await storedReviewCount(stack)).toBe(before);
  });

  it('when the body is not JSON, then it is 400 and nothing is stored', async () => {
    const before = await storedReviewCount(stack);
    const response = await postReview(stack, alice, listedId, '{"overallRating":');

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).code).toBe('MALFORMED_JSON');
    expect(await storedReviewCount(stack)).toBe(before);
  });

  it.each([
    ['unknown', unknownId],
    ['not an id', 'not-a-uuid'],
  ])('when the laundromat is %s, then it is 404 and nothing is stored', async (_case, id) => {
    const before = await storedReviewCount(stack);
    const response = await postReview(stack, alice, id, { overallRating: 5 });

    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).message).toBe('Laundromat not found');
    expect(await storedReviewCount(stack)).toBe(before);
  });

  it('when the laundromat still waits for approval, then it is 404, even for its submitter', async () => {
    const response = await postReview(stack, alice, pendingId, { overallRating: 5 });

    expect(response.status).toBe(404);
  });
});

describe('posting a review', () => {
  let created: Review;

  beforeAll(async () => {
    const response = await postReview(stack, alice, listedId, fullReview);
    expect(response.status).toBe(201);
    created = (await response.json()) as Review;
  });

  it('when every field is valid, then it answers the stored review, trimmed and de-duplicated', () => {
    expect(created).toMatchObject({
      laundromatId: listedId,
      userId: alice.user.id,
      overallRating: 4,
      priceRating: 3,
      safetyRating: 5,
      cleanlinessRating: 4,
      reliabilityRating: 2,
      accessibilityRating: 1,
      visitTime: 'night',
      checklistItems: ['well-lit', 'safe-night'],
      observedWashPrice: '$3.50',
      observedDryPrice: '$1.25/30min',
      reviewText: 'Clean and bright.',
      tips: 'Bring quarters.',
      photos: [],
      isVerified: false,
    });
    expect(Date.now() - Date.parse(created.createdAt)).toBeLessThan(60_000);
  });

  it('when it is stored, then the row holds the author and the ratings', async () => {
    const [row] = await stack.review.db.query(
      'SELECT user_id, laundromat_id, overall_rating, checklist_items FROM reviews WHERE id = $1',
      [created.id],
    );
    expect(row).toEqual({
      user_id: alice.user.id,
      laundromat_id: listedId,
      overall_rating: 4,
      checklist_items: ['well-lit', 'safe-night'],
    });
  });

  it('when it is stored, then review.created.v1 leaves through the outbox with the ratings', async () => {
    await eventually(async () => {
      const [row] = await stack.review.db.query<{ published: boolean }>(
        "SELECT published_at IS NOT NULL AS published FROM outbox WHERE type = $1 AND envelope->'data'->>'reviewId' = $2",
        [reviewCreatedV1, created.id],
      );
      return row?.published === true;
    });
    const [row] = await stack.review.db.query<{ envelope: { producer: string; data: unknown } }>(
      "SELECT envelope FROM outbox WHERE envelope->'data'->>'reviewId' = $1",
      [created.id],
    );
    expect(row!.envelope.producer).toBe('review');
    expect(row!.envelope.data).toEqual({
      reviewId: created.id,
      laundromatId: listedId,
      userId: alice.user.id,
      overallRating: 4,
      priceRating: 3,
      safetyRating: 5,
      cleanlinessRating: 4,
      reliabilityRating: 2,
      accessibilityRating: 1,
      createdAt: created.createdAt,
    });
  });

  it('when only the overall rating is given, then the rest is empty', async () => {
    const response = await postReview(stack, bob, secondId, { overallRating: 2 });

    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      overallRating: 2,
      priceRating: null,
      visitTime: null,
      checklistItems: [],
      reviewText: null,
    });
  });
});

describe('one review per user, laundromat and day', () => {
  it('when the same user reviews the same laundromat again today, then it is 429 and nothing is stored', async () => {
    const [id] = await insertLaundromatsFor(stack, [{ name: 'Daily Limit' }]);
    expect((await postReview(stack, bob, id!, { overallRating: 5 })).status).toBe(201);
    const before = await storedReviewCount(stack);

    const again = await postReview(stack, bob, id!, { overallRating: 1 });

    expect(again.status).toBe(429);
    expect(((await again.json()) as ErrorBody).message).toBe(
      'You have already reviewed this laundromat today. You can review it again tomorrow.',
    );
    expect(await storedReviewCount(stack)).toBe(before);
  });

  it('when the same user posts twice at once, then exactly one is stored', async () => {
    const [id] = await insertLaundromatsFor(stack, [{ name: 'Race Wash' }]);

    const statuses = await Promise.all(
      [5, 4, 3].map(
        async (rating) => (await postReview(stack, alice, id!, { overallRating: rating })).status,
      ),
    );

    expect(statuses.sort()).toEqual([201, 429, 429]);
    const [row] = await stack.review.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reviews WHERE laundromat_id = $1',
      [id],
    );
    expect(row!.n).toBe(1);
  });

  it('when another user reviews it, or the same user another laundromat, then both are accepted', async () => {
    const [first, second] = await insertLaundromatsFor(stack, [{ name: 'Shared A' }, { name: 'Shared B' }]);
    expect((await postReview(stack, alice, first!, { overallRating: 3 })).status).toBe(201);

    expect((await postReview(stack, bob, first!, { overallRating: 4 })).status).toBe(201);
    expect((await postReview(stack, alice, second!, { overallRating: 4 })).status).toBe(201);
  });

  it('when the earlier review was on another UTC day, then a new one is accepted', async () => {
    const [id] = await insertLaundromatsFor(stack, [{ name: 'Yesterday Wash' }]);
    await stack.review.db.query(
      `INSERT INTO reviews (laundromat_id, user_id, overall_rating, created_at, review_day)
       VALUES ($1, $2, 3, now() - interval '1 day', ((now() - interval '1 day') AT TIME ZONE 'UTC')::date)`,
      [id, alice.user.id],
    );

    expect((await postReview(stack, alice, id!, { overallRating: 5 })).status).toBe(201);
  });
});

describe('when the directory does not answer', () => {
  it('then posting is 503 with a message and nothing is stored', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const service = await createService(reviewService, {
      config: loadConfig(reviewConfigSchema, {
        ...stack.env,
        DB_SCHEMA: stack.review.db.schema,
        DIRECTORY_URL: `http://127.0.0.1:${closedPort}`,
        DIRECTORY_TIMEOUT_MS: '500',
      }),
      infra: stack.infra,
    });
    const { port } = await service.start({ port: 0, host: '127.0.0.1' });
    try {
      const before = await storedReviewCount(stack);
      const identity = { id: alice.user.id, email: alice.user.email, role: 'user' as const };

      const response = await fetch(`http://127.0.0.1:${port}/api/laundromats/${listedId}/reviews`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, stack.env.INTERNAL_SECRET!),
        },
        body: JSON.stringify({ overallRating: 5 }),
      });

      expect(response.status).toBe(503);
      expect(((await response.json()) as ErrorBody).message).toBe(
        'We cannot check this laundromat right now. Please try again in a moment.',
      );
      expect(await storedReviewCount(stack)).toBe(before);
    } finally {
      await service.stop();
    }
  });
});
