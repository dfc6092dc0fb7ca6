import {
  historySources,
  type HistoryEntry,
  type HistorySource,
  type LaundromatHistory,
} from '@laundry/contracts';
import { encodeCursor } from '../page-cursor.ts';

/** A stored history row as the repository reads it: never who made the change. */
export interface StoredHistoryRow {
  id: string;
  source: string;
  changes: { field: string; from: unknown; to: unknown }[];
  createdAt: string;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Sources written before the public history named them all read as an admin's change. */
function publicSource(source: string): HistorySource {
  return (historySources as readonly string[]).includes(source) ? (source as HistorySource) : 'admin';
}

/**
 * One page of a laundromat's public history from `limit + 1` rows read at `offset`: each entry's source and
 * its fields' old and new values, leaving out fields that did not change (an entry with none left is
 * dropped); the extra row only says whether an older page exists.
 */
export function shapeHistory(
  rows: readonly StoredHistoryRow[],
  limit: number,
  offset: number,
): LaundromatHistory {
  const page = rows.slice(0, limit);
  const items: HistoryEntry[] = [];
  for (const row of page) {
    const changes = row.changes
      .filter((change) => !sameValue(change.from, change.to))
      .map((change) => ({ field: change.field, from: change.from ?? null, to: change.to ?? null }));
    if (changes.length === 0) continue;
    items.push({ id: row.id, source: publicSource(row.source), changes, createdAt: row.createdAt });
  }
  return { items, nextCursor: rows.length > limit ? encodeCursor(offset + limit) : null };
}
