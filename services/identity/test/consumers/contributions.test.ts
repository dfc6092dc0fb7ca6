import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  contributionPointValues,
  laundromatApprovedV1,
  laundromatSuggestionDecidedV1,
  laundromatSubmittedV1,
  photoUploadedV1,
  reviewCreatedV1,
  type User,
} from '@laundry/contracts';
import type { EventBus, EventEnvelope } from '@laundry/platform/bus';
import { insertLaundromats } from '@laundry/directory';
import { signUpAdmin, startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { eventually, silentLogger } from '../../../../test/support/servers.ts';
import { consumerHarness, type ConsumerHarness } from '../../../../test/support/event-harness.ts';
import { reviewCreatedHandler } from '../../src/consumers/review-created.handler.ts';
import { laundromatSubmittedHandler } from '../../src/consumers/laundromat-submitted.handler.ts';
import { laundromatApprovedHandler } from '../../src/consumers/laundromat-approved.handler.ts';
import { laundromatSuggestionDecidedHandler } from '../../src/consumers/laundromat-suggestion-decided.handler.ts';
import type { AccountMailJob } from '../../src/domain/account-mail-job.ts';
import { createContributionRepository } from '../../src/infra/contribution-repository.ts';

let stack: TestStack;
let publisher: EventBus;
let harness: ConsumerHarness;
let admin: Session;
const MAX_ATTEMPTS = 3;
/** The outcome mails the suggestion handler queued (the mail itself is the mail job's test's business). */
const queuedMails: AccountMailJob[] = [];

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_PER_MINUTE: '100000', WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
  publisher = stack.infra.bus('test-publisher');
  admin = await signUpAdmin(stack);
  // Identity's own handlers on a queue of the test's, so retries take milliseconds.
  harness = consumerHarness('identity-contribution-test');
  const deps = { db: stack.identityDb, contributions: createContributionRepository(), logger: silentLogger };
  harness.subscribe(reviewCreatedV1, reviewCreatedHandler(deps), MAX_ATTEMPTS);
  harness.subscribe(laundromatSubmittedV1, laundromatSubmittedHandler(deps), MAX_ATTEMPTS);
  harness.subscribe(laundromatApprovedV1, laundromatApprovedHandler(deps), MAX_ATTEMPTS);
  const mailJobs = {
    name: 'test-account-mails',
    add: async (job: AccountMailJob) => void queuedMails.push(job),
  } as unknown as Parameters<typeof laundromatSuggestionDecidedHandler>[0]['mailJobs'];
  harness.subscribe(
    laundromatSuggestionDecidedV1,
    laundromatSuggestionDecidedHandler({ ...deps, mailJobs }),
    MAX_ATTEMPTS,
  );
  await harness.start();
});

afterAll(async () => {
  await harness?.stop();
  await stack?.stop();
});

const currentUser = async (session: Session) =>
  (await (await apiClient(stack.baseUrl, session)('/api/auth/user')).json()) as User;

const counters = async (session: Session) => {
  const user = await currentUser(session);
  return {
    contributionPoints: user.contributionPoints,
    reviewsWritten: user.reviewsWritten,
    photosUploaded: user.photosUploaded,
    laundromatsAdded: user.laundromatsAdded,
    contributorBadge: user.contributorBadge,
  };
};

const none = {
  contributionPoints: 0,
  reviewsWritten: 0,
  photosUploaded: 0,
  laundromatsAdded: 0,
  contributorBadge: null,
};

const reviewBy = (userId: string) =>
  createEvent(reviewCreatedV1, 'review', {
    reviewId: randomUUID(),
    laundromatId: randomUUID(),
    userId,
    overallRating: 5,
    priceRating: null,
    safetyRating: null,
    cleanlinessRating: null,
    reliabilityRating: null,
    accessibilityRating: null,
    createdAt: new Date().toISOString(),
  });

async function listedLaundromat(): Promise<string> {
  const ref = randomUUID();
  await insertLaundromats(stack.directoryDb, [
    {
      name: 'Counter Wash',
      address: '1 Test Street',
      latitude: 51.5,
      longitude: -0.1,
      source: 'test',
      sourceRef: ref,
    },
  ]);
  const [row] = await stack.directoryDb.query<{ id: string }>(
    'SELECT id FROM laundromats WHERE source_ref = $1',
    [ref],
  );
  return row!.id;
}

describe('contribution counters through the product', () => {
  it('when a user has contributed nothing, then GET /api/auth/user shows every counter at zero and no badge', async () => {
    const user = await signUp(stack.baseUrl);

    expect(await counters(user)).toEqual(none);
  });

  it('when a user posts a review, then reviewsWritten and the points follow', async () => {
    const user = await signUp(stack.baseUrl);
    const id = await listedLaundromat();

    const posted = await apiClient(stack.baseUrl, user)(`/api/laundromats/${id}/reviews`, {
      method: 'POST',
      body: { overallRating: 5 },
    });
    expect(posted.status).toBe(201);

    await expect
      .poll(() => counters(user), { timeout: 15_000 })
      .toEqual({ ...none, reviewsWritten: 1, contributionPoints: 10 });
  });

  it('when a submitted laundromat is approved, then it counts as added, and not before', async () => {
    const user = await signUp(stack.baseUrl);
    const submitted = await apiClient(stack.baseUrl, user)('/api/laundromats', {
      method: 'POST',
      body: {
        name: 'Approved Later',
        address: '5 Submission Road',
        city: 'London',
        country: 'United Kingdom',
        latitude: 51.5,
        longitude: -0.12,
      },
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    await eventually(async () => {
      const rows = await stack.directoryDb.query(
        "SELECT 1 FROM outbox WHERE type = 'laundromat.submitted.v1' AND published_at IS NOT NULL AND envelope->'data'->>'laundromatId' = $1",
        [id],
      );
      return rows.length === 1;
    });
    expect(await counters(user)).toEqual(none);

    const approved = await apiClient(stack.baseUrl, admin)(`/api/laundromats/${id}/approve`, {
      method: 'POST',
    });
    expect(approved.status).toBe(200);

    await expect
      .poll(() => counters(user), { timeout: 15_000 })
      .toEqual({ ...none, laundromatsAdded: 1, contributionPoints: 25 });
  });

  it('when a user uploads a photo, then photosUploaded and the points follow', async () => {
    const user = await signUp(stack.baseUrl);

    await publisher.publish(
      createEvent(photoUploadedV1, 'photo', {
        photoId: randomUUID(),
        laundromatId: null,
        userId: user.user.id,
        fileName: 'board.jpg',
        fileSize: 1234,
        mimeType: 'image/jpeg',
        objectPath: 'photos/board.jpg',
        category: 'prices',
        isPublic: true,
        uploadedAt: new Date().toISOString(),
      }),
    );

    await expect
      .poll(() => counters(user), { timeout: 15_000 })
      .toEqual({ ...none, photosUploaded: 1, contributionPoints: 5 });
  });

  it('when the points reach 50, 200 and 500, then the badge becomes bronze, silver and gold', async () => {
    const user = await signUp(stack.baseUrl);
    const publishReviews = (count: number) =>
      Promise.all(Array.from({ length: count }, () => publisher.publish(reviewBy(user.user.id))));

    await publishReviews(4);
    await expect.poll(() => counters(user), { timeout: 15_000 }).toMatchObject({ contributionPoints: 40 });
    expect((await counters(user)).contributorBadge).toBeNull();

    await publishReviews(1);
    await expect
      .poll(() => counters(user), { timeout: 15_000 })
      .toMatchObject({ contributionPoints: 50, contributorBadge: 'bronze' });

    await publishReviews(15);
    await expect
      .poll(() => counters(user), { timeout: 15_000 })
      .toMatchObject({ contributionPoints: 200, contributorBadge: 'silver' });

    await publishReviews(30);
    await expect
      .poll(() => counters(user), { timeout: 15_000 })
      .toMatchObject({ contributionPoints: 500, reviewsWritten: 50, contributorBadge: 'gold' });
  });
});

describe('the contribution consumers', () => {
  it('when the same event is delivered twice, then it counts once', async () => {
    const user = await signUp(stack.baseUrl);
    const event = reviewBy(user.user.id);

    await harness.publish(event);
    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 2);
    expect(await counters(user)).toEqual({ ...none, reviewsWritten: 1, contributionPoints: 10 });
  });

  it('when one laundromat is announced as submitted already approved and then approved, then it counts once', async () => {
    const user = await signUp(stack.baseUrl);
    const laundromatId = randomUUID();
    const submitted = createEvent(laundromatSubmittedV1, 'directory', {
      laundromatId,
      submittedById: user.user.id,
      name: 'Straight In',
      city: 'London',
      country: 'United Kingdom',
      latitude: 51.5,
      longitude: -0.1,
      status: 'approved',
      submittedAt: new Date().toISOString(),
    });
    const approved = createEvent(laundromatApprovedV1, 'directory', {
      laundromatId,
      submittedById: user.user.id,
      approvedById: admin.user.id,
      approvedAt: new Date().toISOString(),
    });

    await harness.publish(submitted);
    await harness.publish(approved);

    await eventually(() => harness.deliveries(submitted.id) === 1 && harness.deliveries(approved.id) === 1);
    expect(await counters(user)).toEqual({ ...none, laundromatsAdded: 1, contributionPoints: 25 });
  });

  it('when one approved suggestion is announced twice, then its points count once, and a rejected one earns none', async () => {
    const user = await signUp(stack.baseUrl);
    const decided = (suggestionId: string, status: 'approved' | 'rejected') =>
      createEvent(laundromatSuggestionDecidedV1, 'directory', {
        suggestionId,
        laundromatId: randomUUID(),
        laundromatName: 'Corner Wash',
        userId: user.user.id,
        kind: 'phone',
        status,
        reason: status === 'rejected' ? 'Wrong number' : null,
        decidedAt: new Date().toISOString(),
      });
    const suggestionId = randomUUID();
    const first = decided(suggestionId, 'approved');
    const again = decided(suggestionId, 'approved');
    const rejected = decided(randomUUID(), 'rejected');

    for (const event of [first, again, rejected]) await harness.publish(event);

    await eventually(() => [first, again, rejected].every((event) => harness.deliveries(event.id) === 1));
    expect(await counters(user)).toEqual({ ...none, contributionPoints: contributionPointValues.suggestion });
    const mine = queuedMails.filter((job) => 'userId' in job && job.userId === user.user.id);
    expect(mine.map((job) => (job as { status?: string }).status).sort()).toEqual([
      'approved',
      'approved',
      'rejected',
    ]);
  });

  it('when the event breaks its contract, then it is retried, then dead-lettered, and nothing changes', async () => {
    const user = await signUp(stack.baseUrl);
    const valid = reviewBy(user.user.id);
    const broken = { ...valid, data: { ...valid.data, userId: 'not-a-uuid' } } as EventEnvelope;

    await harness.publish(broken);

    await eventually(async () => (await harness.deadLetters()).some((dead) => dead.id === broken.id));
    expect(harness.deliveries(broken.id)).toBe(MAX_ATTEMPTS);
    expect(await counters(user)).toEqual(none);
  });

  it('when the user is unknown here, then the event is acknowledged and nobody is credited', async () => {
    const event = reviewBy(randomUUID());

    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 1);
    const rows = await stack.identityDb.query('SELECT 1 FROM contributions WHERE subject_id = $1', [
      event.data.reviewId,
    ]);
    expect(rows).toHaveLength(0);
    expect((await harness.deadLetters()).some((dead) => dead.id === event.id)).toBe(false);
  });
});
