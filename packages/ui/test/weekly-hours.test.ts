import OpeningHours from 'opening_hours';
import { describe, expect, it } from 'vitest';
import {
  copyDay,
  emptyRange,
  endsNextDay,
  fromOpeningHours,
  incompleteDays,
  incompleteSpecials,
  initialWeeklyHours,
  toOpeningHours,
  toOpeningHoursWithSpecials,
  type SpecialDay,
  type WeeklyHours,
} from '../src/hours/weekly-hours.ts';

const week = (change: (hours: WeeklyHours) => void): WeeklyHours => {
  const hours = initialWeeklyHours();
  change(hours);
  return hours;
};

/** The OSM library reads it without a warning: what the directory will accept. */
const osmReads = (value: string) => {
  const parsed = new OpeningHours(value, null, { mode: 0, tag_key: 'opening_hours', locale: 'en' } as never);
  return parsed.getWarnings();
};

describe('toOpeningHours (the weekly editor)', () => {
  it('when nothing is filled, then it writes nothing', () => {
    expect(toOpeningHours(initialWeeklyHours())).toBe('');
  });

  it('when the working week shares hours, Saturday runs past midnight and Sunday is closed, then days are grouped', () => {
    let hours = week((h) => {
      h.days.monday.ranges = [
        { from: '14:00', to: '20:00' },
        { from: '07:00', to: '12:00' },
      ];
      h.days.saturday.ranges = [{ from: '18:00', to: '02:00' }];
      h.days.sunday.closed = true;
    });
    hours = copyDay(hours, 'monday', ['tuesday', 'wednesday', 'thursday', 'friday']);

    const value = toOpeningHours(hours);

    expect(value).toBe('Su off; Mo-Fr 07:00-12:00,14:00-20:00, Sa 18:00-02:00');
    expect(osmReads(value)).toEqual([]);
    // Saturday night runs on into the closed Sunday, and Friday's hours are Friday's.
    const osm = new OpeningHours(value, null, { mode: 0, tag_key: 'opening_hours', locale: 'en' } as never);
    expect(osm.getState(new Date(2026, 10, 29, 1, 0))).toBe(true);
    expect(osm.getState(new Date(2026, 10, 29, 3, 0))).toBe(false);
    expect(osm.getState(new Date(2026, 10, 27, 13, 0))).toBe(false);
    expect(osm.getState(new Date(2026, 10, 27, 15, 0))).toBe(true);
  });

  it('when the week is round the clock, then it is 24/7 whatever the days say', () => {
    expect(toOpeningHours(week((h) => ((h.allDayEveryDay = true), (h.days.monday.closed = true))))).toBe(
      '24/7',
    );
  });

  it('when no day runs past midnight, then the rules read as OSM mappers write them', () => {
    const value = toOpeningHours(
      week((h) => {
        for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)
          h.days[day].ranges = [{ from: '08:00', to: '20:00' }];
        h.days.sunday.closed = true;
      }),
    );
    expect(value).toBe('Mo-Sa 08:00-20:00; Su off');
  });

  it('when a day runs from 00:00 to 00:00 or ends at midnight, then midnight is written 24:00', () => {
    const value = toOpeningHours(
      week((h) => {
        h.days.tuesday.ranges = [{ from: '00:00', to: '00:00' }];
        h.days.wednesday.ranges = [{ from: '08:00', to: '00:00' }];
      }),
    );
    expect(value).toBe('Tu 00:00-24:00; We 08:00-24:00');
    expect(osmReads(value)).toEqual([]);
  });

  it('when a range is half filled, then it is left out and its day is named as unfinished', () => {
    const hours = week((h) => (h.days.thursday.ranges = [{ from: '09:00', to: '' }]));
    expect(toOpeningHours(hours)).toBe('');
    expect(incompleteDays(hours)).toEqual(['thursday']);
  });

  it('tells a range past midnight from one ending at midnight', () => {
    expect(endsNextDay({ from: '22:00', to: '02:00' })).toBe(true);
    expect(endsNextDay({ from: '22:00', to: '00:00' })).toBe(false);
    expect(endsNextDay({ from: '08:00', to: '20:00' })).toBe(false);
  });
});

/** The directory's own check: the OSM library parses the value without throwing. */
const serverAccepts = (value: string) => {
  new OpeningHours(value, null, { mode: 0, tag_key: 'opening_hours', locale: 'en' } as never);
  return true;
};

describe('toOpeningHoursWithSpecials (the listing editor)', () => {
  const workingWeek = () =>
    copyDay(
      week((h) => {
        h.days.monday.ranges = [{ from: '08:00', to: '20:00' }];
        h.days.saturday.ranges = [{ from: '18:00', to: '02:00' }];
        h.days.sunday.closed = true;
      }),
      'monday',
      ['tuesday', 'wednesday', 'thursday', 'friday'],
    );

  it('when holidays are closed and two dates differ, then their rules follow the week', () => {
    const specials: SpecialDay[] = [
      { when: 'PH', closed: true, ranges: [emptyRange()] },
      { when: '12-25', closed: true, ranges: [] },
      { when: '12-24', closed: false, ranges: [{ from: '08:00', to: '14:00' }] },
    ];

    const value = toOpeningHoursWithSpecials(workingWeek(), specials);

    expect(value).toBe('Su off; Mo-Fr 08:00-20:00, Sa 18:00-02:00; PH off; Dec 25 off; Dec 24 08:00-14:00');
    expect(serverAccepts(value)).toBe(true);
    // Christmas Eve (a Thursday in 2026) keeps only its own hours; Christmas (Friday) is closed.
    const osm = new OpeningHours(value, null, { mode: 0, tag_key: 'opening_hours', locale: 'en' } as never);
    expect(osm.getState(new Date(2026, 11, 24, 13, 0))).toBe(true);
    expect(osm.getState(new Date(2026, 11, 24, 16, 0))).toBe(false);
    expect(osm.getState(new Date(2026, 11, 25, 10, 0))).toBe(false);
    expect(osm.getState(new Date(2026, 11, 23, 16, 0))).toBe(true);
  });

  it('when only special days are given, or a special day runs past midnight, then the value still reads', () => {
    expect(toOpeningHoursWithSpecials(initialWeeklyHours(), [{ when: 'PH', closed: true, ranges: [] }])).toBe(
      'PH off',
    );
    const late = toOpeningHoursWithSpecials(
      week((h) => (h.allDayEveryDay = true)),
      [{ when: '12-31', closed: false, ranges: [{ from: '18:00', to: '03:00' }] }],
    );
    expect(late).toBe('24/7; Dec 31 18:00-03:00');
    expect(serverAccepts(late)).toBe(true);
  });

  it('when a special day has no date or an unfinished range, then it is left out and named', () => {
    const specials: SpecialDay[] = [
      { when: '02-30', closed: true, ranges: [] },
      { when: 'PH', closed: false, ranges: [{ from: '09:00', to: '' }] },
      { when: '01-01', closed: true, ranges: [] },
    ];
    expect(toOpeningHoursWithSpecials(initialWeeklyHours(), specials)).toBe('Jan 1 off');
    expect(incompleteSpecials(specials)).toEqual([0, 1]);
  });
});

describe('fromOpeningHours (reading a listing back into the editor)', () => {
  it.each([
    'Su off; Mo-Fr 07:00-12:00,14:00-20:00, Sa 18:00-02:00',
    'Su off; Mo-Fr 08:00-20:00, Sa 18:00-02:00; PH off; Dec 25 off; Dec 24 08:00-14:00',
    'Mo-Fr 08:00-20:00; Sa 09:00-13:00; Su off',
    '24/7; PH off',
    '24/7',
  ])('when the editor wrote %s, then reading it back writes the same', (value) => {
    const read = fromOpeningHours(value);
    expect(read).not.toBeNull();
    expect(toOpeningHoursWithSpecials(read!.hours, read!.specials)).toBe(value);
  });

  it('when a mapper wrote day lists, 24:00 or hours past 24:00, then the days get those hours', () => {
    const read = fromOpeningHours('Sa,Su 10:00-24:00; Fr-Mo 09:00-26:00')!;
    expect(read.hours.days.saturday.ranges).toEqual([{ from: '09:00', to: '02:00' }]);
    expect(read.hours.days.tuesday.ranges).toEqual([emptyRange()]);
    expect(read.hours.days.friday.ranges).toEqual([{ from: '09:00', to: '02:00' }]);
    expect(fromOpeningHours('Sa,Su 10:00-24:00')!.hours.days.sunday.ranges).toEqual([
      { from: '10:00', to: '00:00' },
    ]);
  });

  it('when nothing is known, then the editor starts empty', () => {
    expect(fromOpeningHours(null)).toEqual({ hours: initialWeeklyHours(), specials: [] });
  });

  it.each([
    'Mo-Fr 08:00-18:00 "by appointment"',
    'Jan-Mar Mo-Fr 08:00-12:00',
    'sunrise-sunset',
    'PH off; Mo 08:00-12:00',
    'Feb 30 off',
  ])('when the value says more than the editor can (%s), then it is not read', (value) => {
    expect(fromOpeningHours(value)).toBeNull();
  });
});
