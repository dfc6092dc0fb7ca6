import { badRequest } from '@laundry/platform/errors';

/**
 * Pages are offsets into a stable order (distance, or rating then id); the cursor hides that so the API can
 * move to keyset paging later without breaking clients.
 */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    // A safe integer, like the offset parameter: anything larger cannot be an OFFSET in SQL.
    if (typeof value.o === 'number' && Number.isSafeInteger(value.o) && value.o >= 0) return value.o;
  } catch {
    // falls through to the error below
  }
  throw badRequest('The cursor is not valid. Start again from the first page.', 'INVALID_CURSOR');
}

export function pageOffset(query: { cursor?: string; offset?: number }): number {
  if (query.cursor !== undefined) return decodeCursor(query.cursor);
  return query.offset ?? 0;
}
