import type { LaundromatRepository, ListedRow } from './laundromat-store.ts';
import { readHoursAt } from './osm-hours/osm-open-status.ts';
import { hoursPlaceOf } from './laundromat-view.ts';

type ListedQuery = Parameters<LaundromatRepository['findListed']>[0];

/** Candidates read per round trip, at least; a page of open laundromats usually needs one round. */
const MIN_BATCH = 100;
/**
 * At most this many candidates are read for one page: past it (a deep page of a city where nearly
 * everything is closed) the page ends early rather than walking the whole table.
 */
const MAX_SCANNED = 5_000;

/**
 * Listed rows, with 'open now' decided by the OSM library in each laundromat's zone: the same engine
 * the card's status comes from, so a laundromat the filter keeps never shows closed and one it drops never
 * shows open. The repository gives the candidates (rows with hours) in its order; the page is cut after.
 */
export async function findListedRows(
  repository: LaundromatRepository,
  query: ListedQuery,
): Promise<ListedRow[]> {
  if (!query.filters.openNow) return repository.findListed(query);
  const wanted = query.page.offset + query.page.limit;
  const batch = Math.max(MIN_BATCH, wanted * 2);
  const kept: ListedRow[] = [];
  let scanned = 0;
  while (kept.length < wanted && scanned < MAX_SCANNED) {
    const rows = await repository.findListed({ ...query, page: { limit: batch, offset: scanned } });
    for (const row of rows) {
      if (row.openingHours && readHoursAt(row.openingHours, hoursPlaceOf(row), query.now).open)
        kept.push(row);
    }
    scanned += rows.length;
    if (rows.length < batch) break;
  }
  return kept.slice(query.page.offset, wanted);
}
