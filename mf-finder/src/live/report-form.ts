import { availabilityLimits, type CreateAvailabilityReportRequest } from '@laundry/contracts';

export interface ReportFormValues {
  washersFree: string;
  washersTotal: string;
  dryersFree: string;
  dryersTotal: string;
  outOfOrderWashers: string;
  outOfOrderDryers: string;
  waitMinutes: string;
  note: string;
}

export type ReportFormErrors = Partial<Record<keyof ReportFormValues | 'form', string>>;

/** The request without a position: the position is asked for only when sending. */
export type ReportRequest = Omit<
  CreateAvailabilityReportRequest,
  'position' | 'outOfOrderWashers' | 'outOfOrderDryers'
> &
  Partial<Pick<CreateAvailabilityReportRequest, 'outOfOrderWashers' | 'outOfOrderDryers'>>;

/** Totals start from what is known (the live state or the listing), so a visitor mostly types the free ones. */
export function initialReportValues(totals: {
  washers: number | null;
  dryers: number | null;
}): ReportFormValues {
  return {
    washersFree: '',
    washersTotal: totals.washers === null ? '' : String(totals.washers),
    dryersFree: '',
    dryersTotal: totals.dryers === null ? '' : String(totals.dryers),
    outOfOrderWashers: '',
    outOfOrderDryers: '',
    waitMinutes: '',
    note: '',
  };
}

const errorKeys = {
  whole: 'live.form.errors.whole',
  tooMany: 'live.form.errors.tooMany',
  freeOverTotal: 'live.form.errors.freeOverTotal',
  brokenOverTotal: 'live.form.errors.brokenOverTotal',
  needCounts: 'live.form.errors.needCounts',
  wait: 'live.form.errors.wait',
  note: 'live.form.errors.note',
} as const;

/** '' is 'not given'; anything else must be a whole number from 0 to `max`. */
function readCount(raw: string, max: number): number | undefined | 'whole' | 'tooMany' {
  const value = raw.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value)) return 'whole';
  const number = Number(value);
  return number > max ? 'tooMany' : number;
}

/**
 * The same rules the service holds (free ≤ total ≤ 200, out of order ≤ total, a wait of at most 240 minutes),
 * checked before sending so a slip is named beside its field; the service checks them again.
 */
export function checkReport(
  values: ReportFormValues,
): { ok: true; request: ReportRequest } | { ok: false; errors: ReportFormErrors } {
  const errors: ReportFormErrors = {};
  const L = availabilityLimits;
  const counts: Partial<Record<keyof ReportFormValues, number>> = {};
  for (const field of [
    'washersFree',
    'washersTotal',
    'dryersFree',
    'dryersTotal',
    'outOfOrderWashers',
    'outOfOrderDryers',
  ] as const) {
    const read = readCount(values[field], L.maxMachines);
    if (read === 'whole' || read === 'tooMany') errors[field] = errorKeys[read];
    else if (read !== undefined) counts[field] = read;
  }
  const wait = readCount(values.waitMinutes, L.maxWaitMinutes);
  if (wait === 'whole' || wait === 'tooMany') errors.waitMinutes = errorKeys.wait;
  if (values.note.trim().length > L.maxNoteLength) errors.note = errorKeys.note;

  const pair = (free: 'washersFree' | 'dryersFree', total: 'washersTotal' | 'dryersTotal') => {
    const f = counts[free];
    const tot = counts[total];
    // The totals come filled in from what is known: a kind whose free count is left blank is not reported.
    if (f === undefined) return undefined;
    if (tot === undefined) {
      if (!errors[total]) errors[total] = errorKeys.needCounts;
      return undefined;
    }
    if (f > tot) errors[free] = errorKeys.freeOverTotal;
    return { free: f, total: tot };
  };
  const washers = pair('washersFree', 'washersTotal');
  const dryers = pair('dryersFree', 'dryersTotal');
  if (!washers && !dryers && Object.keys(errors).length === 0) errors.washersFree = errorKeys.needCounts;
  if (washers && (counts.outOfOrderWashers ?? 0) > washers.total)
    errors.outOfOrderWashers = errorKeys.brokenOverTotal;
  if (dryers && (counts.outOfOrderDryers ?? 0) > dryers.total)
    errors.outOfOrderDryers = errorKeys.brokenOverTotal;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const note = values.note.trim();
  return {
    ok: true,
    request: {
      kind: 'counts',
      ...(washers ? { washers } : {}),
      ...(dryers ? { dryers } : {}),
      ...(counts.outOfOrderWashers !== undefined ? { outOfOrderWashers: counts.outOfOrderWashers } : {}),
      ...(counts.outOfOrderDryers !== undefined ? { outOfOrderDryers: counts.outOfOrderDryers } : {}),
      ...(typeof wait === 'number' ? { waitMinutes: wait } : {}),
      ...(note ? { note } : {}),
    },
  };
}
