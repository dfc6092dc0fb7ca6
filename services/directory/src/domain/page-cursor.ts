import { badRequest } from '@laundry/platform/errors';

/**
 * Pages are offsets into a stable order (distance, or rating then id); the cursor hides that so the API can
 * move to keyset paging later without breaking clients. A search near a place also carries the radius its
 * first page settled on, so every later page stays within it.
 */
export interface PageCursor {
  offset: number;
  radiusMeters?: number;
}

export function encodeCursor(offset: number, radiusMeters?: number): string {
  const value = radiusMeters === undefined ? { o: offset } : { o: offset, r: radiusMeters };
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const invalidCursor = () =>
  badRequest('The cursor is not valid. Start again from the first page.', 'INVALID_CURSOR');

export function decodePageCursor(cursor: string): PageCursor {
  let value: { o?: unknown; r?: unknown };
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; r?: unknown };
  } catch {
    throw invalidCursor();
  }
  // A safe integer, like the offset parameter: anything larger cannot be an OFFSET in SQL.
  if (typeof value?.o !== 'number' || !Number.isSafeInteger(value.o) || value.o < 0) throw invalidCursor();
  if (value.r === undefined) return { offset: value.o };
  if (typeof value.r !== 'number' || !Number.isFinite(value.r) || value.r <= 0) throw invalidCursor();
  return { offset: value.o, radiusMeters: value.r };
}

export function decodeCursor(cursor: string): number {
  return decodePageCursor(cursor).offset;
}

export function pageOffset(query: { cursor?: string; offset?: number }): number {
  if (query.cursor !== undefined) return decodeCursor(query.cursor);
  return query.offset ?? 0;
}
