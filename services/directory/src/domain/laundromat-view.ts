import type { Laundromat, OpenStatus } from '@laundry/contracts';
import type { LaundromatRow } from '../infra/laundromat-repository.ts';
import { computeOpenStatus } from './opening-hours.ts';

export function openStatusOf(row: Pick<LaundromatRow, 'hours' | 'timeZone'>, now: Date): OpenStatus {
  return computeOpenStatus(row.hours, row.timeZone, now);
}

/** A stored row as the API shows it, with the open status computed for `now` in the laundromat's zone. */
export function toLaundromatView(row: LaundromatRow, now: Date): Laundromat {
  const view = { ...row, openStatus: openStatusOf(row, now) } as unknown as Laundromat;
  if (row.distanceMeters !== undefined) view.distanceMeters = Math.round(row.distanceMeters * 10) / 10;
  return view;
}
