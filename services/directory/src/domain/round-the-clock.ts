import { openingHoursFromWeekly } from './osm-hours/from-weekly.ts';

const wholeDay = '0:00-24:00';
const wholeWeek = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    wholeDay,
  ]),
);

/**
 * The opening_hours values that mean open round the clock every day, for the 'Open 24 hours' filter: '24/7'
 * and the week of whole days as this service writes them from weekly hours (from-weekly.ts), and the short
 * spellings owners and OpenStreetMap commonly use for the same week. Matched exactly, so the filter is a
 * plain indexable condition rather than a reading of every row.
 */
export const roundTheClockValues: readonly string[] = [
  '24/7',
  'Mo-Su 00:00-24:00',
  'Mo-Su 0:00-24:00',
  '00:00-24:00',
  openingHoursFromWeekly(wholeWeek)!,
];
