import { badRequest } from '@laundry/platform/errors';
import { idSchema, type ListReviewsQuery, type PublicReview } from '@laundry/contracts';
import type { ReviewPageKey, ReviewRepository } from './review-store.ts';
import { toPublicReview } from './review-view.ts';

/** Keyset paging: the cursor names the last review shown, so reviews posted meanwhile shift nothing. */
export function encodeReviewCursor(key: ReviewPageKey): string {
  return Buffer.from(JSON.stringify({ t: key.sortTime, i: key.id })).toString('base64url');
}

/**
 * Exactly the shape the repository writes (UTC, microseconds) and a real instant: Date.parse takes `1`,
 * `2020` or years past 9999 that PostgreSQL's timestamptz refuses, which would fail deep in the query.
 */
const SORT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

function isSortTime(text: string): boolean {
  const parts = SORT_TIME.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month - 1 &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute &&
    instant.getUTCSeconds() === second
  );
}

export function decodeReviewCursor(cursor: string): ReviewPageKey {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      t?: unknown;
      i?: unknown;
    };
    if (typeof value.t === 'string' && isSortTime(value.t) && idSchema.safeParse(value.i).success) {
      return { sortTime: value.t, id: value.i as string };
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest('The cursor is not valid. Start again from the first page.', 'INVALID_CURSOR');
}

/** Newest first. A laundromat nobody reviewed, or one the directory does not know, has an empty list. */
export async function listReviews(
  reviews: ReviewRepository,
  laundromatId: string,
  query: ListReviewsQuery,
): Promise<{ items: PublicReview[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeReviewCursor(query.cursor);
  // One row more than asked tells whether another page exists.
  const rows = await reviews.listForLaundromat(laundromatId, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toPublicReview),
    nextCursor: rows.length > query.limit && last ? encodeReviewCursor(last) : null,
  };
}
