import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewListResponseSchema, type ReviewListResponse } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import {
  insertLaundromatsFor,
  postReview,
  startReviewStack,
  type ErrorBody,
  type TestStack,
} from '../support/review-stack.ts';

let stack: TestStack;
let laundromatId: string;
let quietId: string;
const authors: Session[] = [];
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

beforeAll(async () => {
  stack = await startReviewStack();
  const ids = await insertLaundromatsFor(stack, [{ name: 'Busy Wash' }, { name: 'Quiet Wash' }]);
  [laundromatId, quietId] = [ids[0]!, ids[1]!];
  for (let i = 0; i < 5; i++) authors.push(await signUp(stack.baseUrl));
  // One after the other, so each review is newer than the one before.
  for (const [index, author] of authors.entries()) {
    const response = await postReview(stack, author, laundromatId, {
      overallRating: index + 1,
      reviewText: `review ${index}`,
    });
    expect(response.status).toBe(201);
  }
});

afterAll(() => stack?.stop());

const get = (path: string) => fetch(`${stack.baseUrl}${path}`);
const nextLink = (response: Response) =>
  /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];

describe('listing reviews', () => {
  it('when anyone asks, then the reviews come newest first, signed out included', async () => {
    const response = await get(`/api/laundromats/${laundromatId}/reviews`);

    expect(response.status).toBe(200);
    const reviews = reviewListResponseSchema.parse(await response.json());
    expect(reviews.map((review) => review.reviewText)).toEqual([
      'review 4',
      'review 3',
      'review 2',
      'review 1',
      'review 0',
    ]);
    expect(nextLink(response)).toBeUndefined();
  });

  it('when the reviews are read, then nothing identifies the authors and each shows as Anonymous User', async () => {
    const text = await (await get(`/api/laundromats/${laundromatId}/reviews`)).text();
    const reviews = JSON.parse(text) as Array<Record<string, unknown>>;

    for (const review of reviews) {
      expect(review).not.toHaveProperty('userId');
      expect(review.authorName).toBe('Anonymous User');
    }
    for (const author of authors) {
      expect(text).not.toContain(author.user.id);
      expect(text).not.toContain(author.user.email);
    }
  });

  it('when a limit is given, then the pages follow the Link header to the end without gaps or repeats', async () => {
    const seen: string[] = [];
    let path: string | undefined = `/api/laundromats/${laundromatId}/reviews?limit=2`;
    const pageSizes: number[] = [];
    while (path) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const page = (await response.json()) as ReviewListResponse;
      pageSizes.push(page.length);
      seen.push(...page.map((review) => review.reviewText ?? ''));
      path = nextLink(response);
    }

    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(['review 4', 'review 3', 'review 2', 'review 1', 'review 0']);
  });

  it('when nobody reviewed the laundromat, or the directory does not know it, then the list is empty', async () => {
    for (const id of [quietId, unknownId]) {
      const response = await get(`/api/laundromats/${id}/reviews`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
  });

  it('when the id is not an id, then it is 404', async () => {
    const response = await get('/api/laundromats/not-a-uuid/reviews');

    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).message).toBe('Laundromat not found');
  });

  it.each([
    ['limit=0', 'limit must be a whole number between 1 and 100'],
    ['limit=101', 'limit must be a whole number between 1 and 100'],
    ['limit=two', 'limit must be a whole number between 1 and 100'],
    ['cursor=bm90LWEtY3Vyc29y', 'The cursor is not valid. Start again from the first page.'],
  ])('when the query has %s, then it is 400 with a message', async (query, message) => {
    const response = await get(`/api/laundromats/${laundromatId}/reviews?${query}`);

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe(message);
  });

  /** A cursor as the API makes them, around a time JavaScript's Date.parse accepts but PostgreSQL cannot. */
  const cursorAt = (time: string) =>
    Buffer.from(JSON.stringify({ t: time, i: '00000000-0000-4000-8000-000000000001' })).toString('base64url');

  it.each([
    '1',
    '2020',
    '+275760-09-13T00:00:00.000Z',
    'March 7 2019 10:00 PM GMT+0900',
    '2024-02-30T10:00:00.000000Z',
  ])('when the cursor names the time %s, then it is 400, not a database error', async (time) => {
    const response = await get(`/api/laundromats/${laundromatId}/reviews?cursor=${cursorAt(time)}`);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_CURSOR' });
  });

  it('when the cursor names a real time in the shape the API writes, then it pages from there', async () => {
    const response = await get(
      `/api/laundromats/${laundromatId}/reviews?cursor=${cursorAt('2999-01-01T00:00:00.000000Z')}`,
    );

    expect(response.status).toBe(200);
  });
});
