import { createHash } from 'node:crypto';
import { jsonText, type JsonText, type LaundromatPointsResponse } from '@laundry/contracts';
import type { LaundromatRepository } from './laundromat-store.ts';

/** The answer of GET /api/laundromats/points with the validator a browser revalidates it by. */
export interface PointsAnswer {
  json: JsonText<LaundromatPointsResponse>;
  etag: string;
}

/** How long one reading of every point is answered before the next request reads them again. */
export const pointsCacheSeconds = 60;

/** Every listed laundromat's point as a LaundromatPointsResponse's JSON text, built by PostgreSQL. */
export async function readLaundromatPoints(
  repository: Pick<LaundromatRepository, 'findListedPoints'>,
): Promise<PointsAnswer> {
  const { count, pointsJson } = await repository.findListedPoints();
  const json = jsonText<LaundromatPointsResponse>(`{"count":${count},"points":${pointsJson}}`);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * The points answer read at most once per `ttlMs`: reading every laundromat takes a whole-table scan, and the
 * Explore page of every visitor asks for the same answer. Requests that arrive while a reading is under way
 * share it; a failed reading is not kept. `invalidate` makes the next request read afresh (a new listing).
 */
export function createPointsCache(
  read: () => Promise<PointsAnswer>,
  { ttlMs = pointsCacheSeconds * 1000, now = Date.now } = {},
) {
  let cached: { answer: Promise<PointsAnswer>; readAt: number } | null = null;
  return {
    get(): Promise<PointsAnswer> {
      if (cached && now() - cached.readAt < ttlMs) return cached.answer;
      const entry = { answer: read(), readAt: now() };
      cached = entry;
      entry.answer.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.answer;
    },
    invalidate(): void {
      cached = null;
    },
  };
}
