import { parseDayHours, weekdays, type Hours } from '@laundry/contracts';

const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

const pad = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The OSM opening_hours value of a weekly hours object, for laundromats given only the weekly map (seed
 * data, older clients). The same mapping as migration 0007 applied to existing rows: 'closed' → 'off', a
 * whole day → 00:00-24:00, '24/7' when every day is, and 'unknown' for a day with no usable entry.
 */
export function openingHoursFromWeekly(hours: Hours | null | undefined): string | null {
  if (!hours || Object.keys(hours).length === 0) return null;
  const values = weekdays.map((day) => hours[day]?.trim());
  if (values.every((value) => value === '24/7')) return '24/7';
  return weekdays
    .map((_, index) => {
      const day = parseDayHours(values[index]);
      const rule =
        day === null
          ? 'unknown'
          : day.kind === 'closed'
            ? 'off'
            : day.kind === 'open24'
              ? '00:00-24:00'
              : `${pad(day.startMinutes)}-${pad(day.endMinutes)}`;
      return `${OSM_DAYS[index]} ${rule}`;
    })
    .join('; ');
}
