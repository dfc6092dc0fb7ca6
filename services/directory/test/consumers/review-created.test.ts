import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, reviewCreatedV1, type Laundromat, type ReviewCreatedV1 } from '@laundry/contracts';
import type { EventEnvelope } from '@laundry/platform/bus';
import { apiClient, signUp } from '../../../../test/support/session.ts';
import { eventually, silentLogger } from '../../../../test/support/servers.ts';
import { consumerHarness, type ConsumerHarness } from '../../../../test/support/event-harness.ts';
import { reviewCreatedHandler } from '../../src/consumers/review-created.handler.ts';
import { createRatingRepository } from '../../src/infra/rating-repository.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let harness: ConsumerHarness;
const MAX_ATTEMPTS = 3;

beforeAll(async () => {
  stack = await startDirectoryStack();
  // The directory's own handler on a queue of the test's, so retries take milliseconds.
  harness = consumerHarness('directory-review-test');
  harness.subscribe(
    reviewCreatedV1,
    reviewCreatedHandler({ db: stack.directoryDb, ratings: createRatingRepository(), logger: silentLogger }),
    MAX_ATTEMPTS,
  );
  await harness.start();
});

afterAll(async () => {
  await harness?.stop();
  await stack?.stop();
});

const laundromat = async (id: string) => (await getJson<Laundromat>(stack, `/api/laundromats/${id}`)).body;

function reviewEvent(laundromatId: string, ratings: Partial<ReviewCreatedV1['data']> = {}): ReviewCreatedV1 {
  return createEvent(reviewCreatedV1, 'review', {
    reviewId: randomUUID(),
    laundromatId,
    userId: randomUUID(),
    overallRating: 4,
    priceRating: null,
    safetyRating: null,
    cleanlinessRating: null,
    reliabilityRating: null,
    accessibilityRating: null,
    createdAt: new Date().toISOString(),
    ...ratings,
  });
}

describe('a review posted through the gateway', () => {
  it('when it is posted, then the laundromat shows its rating, count and sub-scores within a deadline', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.5, longitude: -0.1 })]);
    const author = await signUp(stack.baseUrl);
    const before = await laundromat(id!);
    expect(before).toMatchObject({ averageRating: null, totalReviews: 0, priceScore: null });

    const posted = await apiClient(stack.baseUrl, author)(`/api/laundromats/${id}/reviews`, {
      method: 'POST',
      body: { overallRating: 4, priceRating: 3, cleanlinessRating: 5 },
    });
    expect(posted.status).toBe(201);

    await expect.poll(async () => (await laundromat(id!)).totalReviews, { timeout: 15_000 }).toBe(1);
    expect(await laundromat(id!)).toMatchObject({
      averageRating: 4,
      priceScore: 3,
      cleanlinessScore: 5,
      safetyScore: null,
      reliabilityScore: null,
      accessibilityScore: null,
    });
  });

  it('when three people review it, then the average is exact over all three', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.51, longitude: -0.1 })]);
    const authors = await Promise.all([1, 2, 3].map(() => signUp(stack.baseUrl)));

    await Promise.all(
      authors.map(async (author, index) => {
        const response = await apiClient(stack.baseUrl, author)(`/api/laundromats/${id}/reviews`, {
          method: 'POST',
          body: { overallRating: [5, 4, 2][index], safetyRating: index === 0 ? 2 : undefined },
        });
        expect(response.status).toBe(201);
      }),
    );

    await expect.poll(async () => (await laundromat(id!)).totalReviews, { timeout: 15_000 }).toBe(3);
    expect(await laundromat(id!)).toMatchObject({ averageRating: 3.67, safetyScore: 2, priceScore: null });
  });
});

describe('the review.created.v1 consumer', () => {
  it('when a laundromat carries seeded averages, then a review adds to them as that many reviews', async () => {
    const [id] = await insertFixtures(stack, [
      fixture({
        latitude: 51.52,
        longitude: -0.1,
        averageRating: 4.2,
        totalReviews: 8,
        priceScore: 3.5,
        safetyScore: 4,
      }),
    ]);
    const event = reviewEvent(id!, { overallRating: 5, priceRating: 2 });

    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 1);
    await expect.poll(async () => (await laundromat(id!)).totalReviews).toBe(9);
    // (4.2 × 8 + 5) / 9 = 4.2889; (3.5 × 8 + 2) / 9 = 3.3333; safety had no rating in this review.
    expect(await laundromat(id!)).toMatchObject({ averageRating: 4.29, priceScore: 3.33, safetyScore: 4 });
  });

  it('when the same event is delivered twice, then it counts once', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.53, longitude: -0.1 })]);
    const event = reviewEvent(id!, { overallRating: 3 });

    await harness.publish(event);
    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 2);
    expect(await laundromat(id!)).toMatchObject({ totalReviews: 1, averageRating: 3 });
    const processed = await stack.directoryDb.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
      event.id,
    ]);
    expect(processed).toHaveLength(1);
  });

  it('when the event breaks its contract, then it is retried, then dead-lettered, and nothing changes', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 51.54, longitude: -0.1 })]);
    const valid = reviewEvent(id!);
    const broken = { ...valid, data: { ...valid.data, overallRating: 9 } } as EventEnvelope;

    await harness.publish(broken);

    await eventually(async () => (await harness.deadLetters()).some((dead) => dead.id === broken.id));
    expect(harness.deliveries(broken.id)).toBe(MAX_ATTEMPTS);
    expect(await laundromat(id!)).toMatchObject({ totalReviews: 0, averageRating: null });
    const processed = await stack.directoryDb.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
      broken.id,
    ]);
    expect(processed).toHaveLength(0);
  });

  it('when the laundromat no longer exists, then the event is acknowledged, not dead-lettered', async () => {
    const event = reviewEvent(randomUUID());

    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 1);
    await eventually(async () => {
      const rows = await stack.directoryDb.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
        event.id,
      ]);
      return rows.length === 1;
    });
    expect((await harness.deadLetters()).some((dead) => dead.id === event.id)).toBe(false);
  });
});
