import tzLookup from '@photostructure/tz-lookup';

/** The open/closed rules live in the contracts, so the browser computes exactly what the server does. */
export {
  computeOpenStatus,
  isOpenAt,
  localTimeIn,
  type OpenReading,
  type OpenStatus,
} from '@laundry/contracts';

/** The IANA zone at a point; 'UTC' when the point is invalid or the lookup fails. */
export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
}
