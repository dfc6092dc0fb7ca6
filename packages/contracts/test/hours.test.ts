import { describe, expect, it } from 'vitest';
import { hoursSchema, parseDayHours } from '../src/index.ts';

describe('hoursSchema', () => {
  it.each([
    ['09:00-21:00', { kind: 'range', startMinutes: 540, endMinutes: 1260 }],
    ['9:00-21:00', { kind: 'range', startMinutes: 540, endMinutes: 1260 }],
    ['6:30-23:59', { kind: 'range', startMinutes: 390, endMinutes: 1439 }],
    ['8:00-24:00', { kind: 'range', startMinutes: 480, endMinutes: 1440 }],
    ['24/7', { kind: 'open24' }],
    ['0:00-24:00', { kind: 'open24' }],
    ['closed', { kind: 'closed' }],
    [' 9:00-17:00 ', { kind: 'range', startMinutes: 540, endMinutes: 1020 }],
  ])('when a day is %j, then it is accepted and read', (value, reading) => {
    expect(hoursSchema.safeParse({ monday: value }).success).toBe(true);
    expect(parseDayHours(value)).toEqual(reading);
  });

  it.each([
    '22:00-02:00',
    '09:00-09:00',
    '25:00-26:00',
    '9:60-10:00',
    '9-17',
    '9:00 - 17:00',
    'Closed',
    '24:30-24:45',
    '',
    'open',
  ])('when a day is %j, then it is rejected', (value) => {
    expect(hoursSchema.safeParse({ tuesday: value }).success).toBe(false);
    expect(parseDayHours(value)).toBeNull();
  });

  it('when a day value is not text, then it is rejected', () => {
    expect(hoursSchema.safeParse({ monday: 9 }).success).toBe(false);
    expect(parseDayHours(9)).toBeNull();
  });

  it('when a key is not a lowercase weekday, then it is rejected', () => {
    expect(hoursSchema.safeParse({ Monday: '9:00-17:00' }).success).toBe(false);
    expect(hoursSchema.safeParse({ mon: '9:00-17:00' }).success).toBe(false);
  });

  it('when some days are missing, then it is accepted (missing means closed)', () => {
    expect(hoursSchema.parse({ saturday: 'closed' })).toEqual({ saturday: 'closed' });
    expect(hoursSchema.parse({})).toEqual({});
  });
});
