import type { Laundromat, OpenStatus } from '@laundry/contracts';
import type { LaundromatRow, ListedRow } from './laundromat-store.ts';
import { osmOpenStatus } from './osm-hours/osm-open-status.ts';
import type { HoursPlace } from './osm-hours/osm-hours.ts';

/** What an open status is read from: the OSM value and where the laundromat is. */
export type HoursSource = HoursPlace & { openingHours?: string | null };

export function hoursPlaceOf(row: HoursSource): HoursPlace {
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    country: row.country,
    region: row.region,
    timeZone: row.timeZone,
  };
}

export function openStatusOf(row: HoursSource, now: Date): OpenStatus {
  return osmOpenStatus(row.openingHours, hoursPlaceOf(row), now);
}

/**
 * A stored row as the API shows it, with the open status computed for `now` in the laundromat's zone. Who
 * submitted it stays in the service: a public answer names nobody.
 */
export function toLaundromatView(row: LaundromatRow, now: Date): Laundromat {
  const { submittedById: _submitter, region: _region, ...shown } = row;
  return { ...shown, openStatus: openStatusOf(row, now) } as unknown as Laundromat;
}

/**
 * A listed laundromat's JSON with its open status added as the last field, as `toLaundromatView` would
 * order it; the row's JSON is an object written by PostgreSQL, so it ends in '}'.
 */
export function listedItemJson(row: ListedRow, now: Date, status = openStatusOf(row, now)): string {
  return `${row.json.slice(0, -1)},"openStatus":${JSON.stringify(status)}}`;
}
