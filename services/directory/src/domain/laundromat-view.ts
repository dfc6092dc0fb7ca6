import type { Laundromat, OpenStatus } from '@laundry/contracts';
import type { LaundromatRow, ListedRow } from './laundromat-store.ts';
import { computeOpenStatus } from './opening-hours.ts';

export function openStatusOf(row: Pick<LaundromatRow, 'hours' | 'timeZone'>, now: Date): OpenStatus {
  return computeOpenStatus(row.hours, row.timeZone, now);
}

/** A stored row as the API shows it, with the open status computed for `now` in the laundromat's zone. */
export function toLaundromatView(row: LaundromatRow, now: Date): Laundromat {
  return { ...row, openStatus: openStatusOf(row, now) } as unknown as Laundromat;
}

/**
 * A listed laundromat's JSON with its open status added as the last field, as `toLaundromatView` would
 * order it; the row's JSON is an object written by PostgreSQL, so it ends in '}'.
 */
export function listedItemJson(row: ListedRow, now: Date): string {
  return `${row.json.slice(0, -1)},"openStatus":${JSON.stringify(openStatusOf(row, now))}}`;
}
