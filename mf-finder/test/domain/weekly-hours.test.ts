import OpeningHours from 'opening_hours';
import { describe, expect, it } from 'vitest';
import {
  copyDay,
  endsNextDay,
  incompleteDays,
  initialWeeklyHours,
  toOpeningHours,
  type WeeklyHours,
} from '../../src/add/weekly-hours.ts';

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
