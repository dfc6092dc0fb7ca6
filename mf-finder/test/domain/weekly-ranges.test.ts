import { describe, expect, it } from 'vitest';
import { hasSplitDay, weeklyRanges } from '../../src/domain/weekly-ranges.ts';

describe('the weekly table read from opening_hours', () => {
  it('when a laundromat closes for lunch on weekdays, then those days have two ranges', () => {
    const week = weeklyRanges('Mo-Fr 08:00-12:00,14:00-19:00; Sa 9:00-13:00; Su off');

    expect(week?.monday).toEqual(['08:00-12:00', '14:00-19:00']);
    expect(week?.friday).toEqual(['08:00-12:00', '14:00-19:00']);
    expect(week?.saturday).toEqual(['09:00-13:00']);
    expect(week?.sunday).toEqual([]);
    expect(hasSplitDay(week)).toBe(true);
  });

  it('when a later rule names a day again, then it replaces the earlier one for that day', () => {
    const week = weeklyRanges('Mo-Su 07:00-22:00; We 07:00-12:00,13:00-22:00');

    expect(week?.tuesday).toEqual(['07:00-22:00']);
    expect(week?.wednesday).toEqual(['07:00-12:00', '13:00-22:00']);
  });

  it('when the days wrap over the weekend or are listed, then each named day is read', () => {
    const week = weeklyRanges('Fr-Mo 10:00-14:00,16:00-20:00; Tu,Th 09:00-17:00');

    expect(week?.saturday).toHaveLength(2);
    expect(week?.monday).toHaveLength(2);
    expect(week?.tuesday).toEqual(['09:00-17:00']);
    expect(week?.wednesday).toEqual([]);
  });

  it('when a night runs past midnight, then it is one range of the day it starts, not cut at 24:00', () => {
    const week = weeklyRanges('Mo-Fr 08:00-20:00, Sa 18:00-02:00; Su 10:00-16:00');

    expect(week?.saturday).toEqual(['18:00-02:00']);
    expect(week?.friday).toEqual(['08:00-20:00']);
    expect(week?.sunday).toEqual(['10:00-16:00']);
    expect(week?.exceptions).toBeUndefined();
  });

  it('when holidays and dates follow the week, then the week is read and the exceptions are noted', () => {
    const week = weeklyRanges('Mo-Fr 08:00-18:00; PH off; Dec 25 off; Dec 24 08:00-12:00');

    expect(week?.monday).toEqual(['08:00-18:00']);
    expect(week?.saturday).toEqual([]);
    expect(week?.exceptions).toBe(true);
  });

  it('when an additional rule names a day already open, then its range is added, not replacing', () => {
    expect(weeklyRanges('Mo-Su 08:00-12:00, Sa 14:00-18:00')?.saturday).toEqual([
      '08:00-12:00',
      '14:00-18:00',
    ]);
  });

  it.each([
    'PH off; Mo-Fr 08:00-18:00',
    'Jan-Mar Mo-Fr 08:00-12:00',
    'sunrise-sunset',
    'Mo-Fr 08:00-18:00 "call"',
  ])(
    'when %j says more than the days of a week, then nothing is read and the derived table shows',
    (value) => {
      expect(weeklyRanges(value)).toBeNull();
    },
  );

  it('when every day has one range, then there is no split day', () => {
    expect(hasSplitDay(weeklyRanges('Mo-Su 06:00-23:00'))).toBe(false);
    expect(hasSplitDay(weeklyRanges('24/7'))).toBe(false);
    expect(hasSplitDay(null)).toBe(false);
  });
});
