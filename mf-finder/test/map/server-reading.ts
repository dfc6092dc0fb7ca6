import type { OpenStatus } from '@laundry/contracts';

/**
 * A server's open-status reading with nothing to recompute it from (no hours, no next change): what a
 * laundromat without a zone shows as it came.
 */
export const serverReading = (isOpenNow: boolean, is24Hours = false): OpenStatus => ({
  isOpenNow,
  is24Hours,
  todayHours: null,
  nextChange: null,
  statusText: isOpenNow ? { kind: 'open_24_hours' } : { kind: 'closed_today' },
});

/** A server's reading of hours that cannot say open or closed (an OSM 'unknown' rule). */
export const unknownReading = (): OpenStatus => ({
  isOpenNow: false,
  is24Hours: false,
  todayHours: 'unknown',
  nextChange: null,
  statusText: { kind: 'call_ahead' },
  isUnknownNow: true,
});
