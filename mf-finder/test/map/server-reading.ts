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
  statusText: { kind: 'hours_not_available' },
});
