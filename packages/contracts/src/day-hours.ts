// Plain values and the reading of one day's hours, without zod: pages that only show hours import these.
export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

/** What one day's hours value means; minutes count from local midnight, end 1440 is midnight. */
export type DayHours =
  { kind: 'open24' } | { kind: 'closed' } | { kind: 'range'; startMinutes: number; endMinutes: number };

const rangePattern = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

function toMinutes(hours: string, minutes: string, allowMidnightEnd: boolean): number | null {
  const h = Number(hours);
  const m = Number(minutes);
  if (m > 59) return null;
  if (h === 24 && m === 0 && allowMidnightEnd) return 1440;
  if (h > 23) return null;
  return h * 60 + m;
}

/**
 * Reads one day's value: 'HH:MM-HH:MM' or 'H:MM-H:MM', '24/7', '0:00-24:00' or 'closed'.
 * Returns null for anything else, including overnight ranges (end not after start), which the product
 * excludes.
 */
export function parseDayHours(value: unknown): DayHours | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '24/7') return { kind: 'open24' };
  if (text === 'closed') return { kind: 'closed' };
  const match = rangePattern.exec(text);
  if (!match) return null;
  const [, sh = '', sm = '', eh = '', em = ''] = match;
  const startMinutes = toMinutes(sh, sm, false);
  const endMinutes = toMinutes(eh, em, true);
  if (startMinutes === null || endMinutes === null || endMinutes <= startMinutes) return null;
  if (startMinutes === 0 && endMinutes === 1440) return { kind: 'open24' };
  return { kind: 'range', startMinutes, endMinutes };
}
