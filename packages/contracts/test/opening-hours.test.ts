import { describe, expect, it } from 'vitest';
import {
  computeOpenStatus,
  isOpenAt,
  localTimeIn,
  parseDayHours,
  type OpenStatusText,
} from '../src/index.ts';

// Monday 2 June 2025; in UTC the wall clock equals the instant, which keeps the tables readable.
const monday = (time: string) => new Date(`2025-06-02T${time}:00Z`);
const weekdays = (value: unknown) => ({
  monday: value,
  tuesday: value,
  wednesday: value,
  thursday: value,
  friday: value,
  saturday: value,
  sunday: value,
});

describe('parseDayHours', () => {
  it.each([
    ['08:00-21:00', { kind: 'range', startMinutes: 480, endMinutes: 1260 }],
    ['8:00-21:00', { kind: 'range', startMinutes: 480, endMinutes: 1260 }],
    ['7:30-9:45', { kind: 'range', startMinutes: 450, endMinutes: 585 }],
    ['06:00-24:00', { kind: 'range', startMinutes: 360, endMinutes: 1440 }],
    ['24/7', { kind: 'open24' }],
    ['0:00-24:00', { kind: 'open24' }],
    ['00:00-24:00', { kind: 'open24' }],
    ['closed', { kind: 'closed' }],
  ])('when the value is %j, then it parses as %j', (value, expected) => {
    expect(parseDayHours(value)).toEqual(expected);
  });

  it.each([
    'Closed',
    '22:00-02:00',
    '09:00-09:00',
    '25:00-26:00',
    '08:60-21:00',
    '9am-5pm',
    '',
    42,
    null,
    undefined,
    { open: '08:00' },
  ])('when the value is %j, then it is unreadable (null), which the rules read as closed', (value) => {
    expect(parseDayHours(value)).toBeNull();
  });
});

describe('isOpenAt', () => {
  it.each([
    ['hours are missing', undefined, '12:00', false, false],
    ['hours are null', null, '12:00', false, false],
    ['the day entry is missing', { tuesday: '08:00-21:00' }, '12:00', false, false],
    ['the day entry is not a string', { monday: 800 }, '12:00', false, false],
    ['the day entry is unparsable', { monday: 'sometimes' }, '12:00', false, false],
    ["the day is '24/7'", { monday: '24/7' }, '03:00', true, true],
    ["the day is '0:00-24:00'", { monday: '0:00-24:00' }, '23:59', true, true],
    ["the day is 'closed'", { monday: 'closed' }, '12:00', false, false],
    ['an H:MM range holds the time', { monday: '8:00-9:30' }, '09:00', true, true],
    ['the time is one minute before opening', { monday: '08:00-21:00' }, '07:59', false, false],
    ['the time is the opening minute (start inclusive)', { monday: '08:00-21:00' }, '08:00', true, true],
    ['the time is the last minute before closing', { monday: '08:00-21:00' }, '20:59', true, true],
    ['the time is the closing minute', { monday: '08:00-21:00' }, '21:00', false, true],
    ['the time is one minute after closing', { monday: '08:00-21:00' }, '21:01', false, false],
  ])('when %s, then the card and detail readings are right', (_case, hours, time, card, detail) => {
    expect(isOpenAt(hours, 'UTC', monday(time), 'card')).toBe(card);
    expect(isOpenAt(hours, 'UTC', monday(time), 'detail')).toBe(detail);
  });

  it("when the same instant is daytime in Tokyo and night in New York, then each laundromat uses its own zone, not the viewer's", () => {
    const hours = weekdays('08:00-21:00');
    // 03:00 UTC is 12:00 in Tokyo and 23:00 the previous evening in New York.
    const at = new Date('2025-06-02T03:00:00Z');
    expect(isOpenAt(hours, 'Asia/Tokyo', at, 'card')).toBe(true);
    expect(isOpenAt(hours, 'America/New_York', at, 'card')).toBe(false);
  });

  it('when only the local weekday matches an entry, then the local weekday decides', () => {
    // Monday 03:00 UTC is still Sunday evening in New York.
    const at = new Date('2025-06-02T03:00:00Z');
    expect(isOpenAt({ sunday: '24/7', monday: 'closed' }, 'America/New_York', at, 'card')).toBe(true);
    expect(isOpenAt({ sunday: 'closed', monday: '24/7' }, 'Asia/Tokyo', at, 'card')).toBe(true);
  });
});

describe('localTimeIn', () => {
  it('when asked for a zone, then it gives that zone’s weekday, minutes and date', () => {
    expect(localTimeIn('Asia/Tokyo', new Date('2025-06-01T20:30:00Z'))).toEqual({
      weekday: 'monday',
      minutes: 5 * 60 + 30,
      date: '2025-06-02',
    });
    expect(localTimeIn('America/New_York', new Date('2025-06-02T03:05:00Z'))).toEqual({
      weekday: 'sunday',
      minutes: 23 * 60 + 5,
      date: '2025-06-01',
    });
  });

  it('when the zone name is unknown, then it falls back to UTC', () => {
    expect(localTimeIn('Mars/Olympus_Mons', monday('10:15'))).toEqual({
      weekday: 'monday',
      minutes: 615,
      date: '2025-06-02',
    });
  });
});

describe('computeOpenStatus status text', () => {
  const cases: [string, unknown, string, OpenStatusText][] = [
    ['no hours at all', undefined, '12:00', { kind: 'hours_not_available' }],
    ["no entry for today's weekday", { tuesday: '08:00-21:00' }, '12:00', { kind: 'hours_not_available' }],
    ["today's entry is unparsable", { monday: 'ask staff' }, '12:00', { kind: 'hours_not_available' }],
    ["today's entry is not a string", { monday: 8 }, '12:00', { kind: 'hours_not_available' }],
    ["today is 'closed'", { monday: 'closed', tuesday: '08:00-21:00' }, '12:00', { kind: 'closed_today' }],
    ["today is '24/7'", { monday: '24/7' }, '12:00', { kind: 'open_24_hours' }],
    ["today is '0:00-24:00'", { monday: '0:00-24:00' }, '12:00', { kind: 'open_24_hours' }],
    ['it is before opening', { monday: '8:00-21:00' }, '07:00', { kind: 'opens_at', time: '08:00' }],
    ['it is the opening minute', { monday: '08:00-21:00' }, '08:00', { kind: 'closes_at', time: '21:00' }],
    ['it is open', { monday: '08:00-21:30' }, '15:00', { kind: 'closes_at', time: '21:30' }],
    [
      'it is the closing minute and tomorrow has a range',
      { monday: '08:00-21:00', tuesday: '7:00-20:00' },
      '21:00',
      { kind: 'opens_tomorrow_at', time: '07:00' },
    ],
    [
      'it is after closing and tomorrow is open all day',
      { monday: '08:00-21:00', tuesday: '24/7' },
      '22:00',
      { kind: 'opens_tomorrow_at', time: '00:00' },
    ],
    [
      "it is after closing and tomorrow's entry is missing",
      { monday: '08:00-21:00' },
      '22:00',
      { kind: 'opens_tomorrow' },
    ],
    [
      'it is after closing and tomorrow is closed',
      { monday: '08:00-21:00', tuesday: 'closed' },
      '22:00',
      { kind: 'closed_today' },
    ],
  ];

  it.each(cases)('when %s, then the status text is %j', (_case, hours, time, expected) => {
    expect(computeOpenStatus(hours, 'UTC', monday(time)).statusText).toEqual(expected);
  });
});

describe('computeOpenStatus flags', () => {
  it('when it is the closing minute, then the card reading is closed and the detail reading open', () => {
    const status = computeOpenStatus({ monday: '08:00-21:00' }, 'UTC', monday('21:00'));
    expect(status).toMatchObject({
      isOpenNow: false,
      isOpenNowInclusive: true,
      is24Hours: false,
      todayHours: '08:00-21:00',
    });
  });

  it("when today is '24/7', then it is open and 24 hours", () => {
    const status = computeOpenStatus({ monday: '24/7' }, 'UTC', monday('02:00'));
    expect(status).toMatchObject({
      isOpenNow: true,
      isOpenNowInclusive: true,
      is24Hours: true,
      todayHours: '24/7',
    });
  });

  it("when today's entry is not a string, then todayHours is null and it is closed", () => {
    const status = computeOpenStatus({ monday: ['08:00'] }, 'UTC', monday('12:00'));
    expect(status).toMatchObject({ isOpenNow: false, isOpenNowInclusive: false, todayHours: null });
  });
});

describe('computeOpenStatus nextChange', () => {
  it.each([
    [
      'open now: the close today',
      weekdays('08:00-21:00'),
      'UTC',
      '2025-06-02T15:00:00Z',
      '2025-06-02T21:00:00.000Z',
    ],
    [
      'before opening: the opening today',
      weekdays('08:00-21:00'),
      'UTC',
      '2025-06-02T07:00:00Z',
      '2025-06-02T08:00:00.000Z',
    ],
    [
      'after closing: the opening tomorrow',
      weekdays('08:00-21:00'),
      'UTC',
      '2025-06-02T21:00:00Z',
      '2025-06-03T08:00:00.000Z',
    ],
    [
      'closed for days: the next opening day',
      { monday: '08:00-21:00', tuesday: 'closed', wednesday: 'closed', thursday: '10:00-12:00' },
      'UTC',
      '2025-06-02T22:00:00Z',
      '2025-06-05T10:00:00.000Z',
    ],
    [
      'open only on Mondays, after Monday closing: next Monday',
      { monday: '08:00-21:00' },
      'UTC',
      '2025-06-02T22:00:00Z',
      '2025-06-09T08:00:00.000Z',
    ],
    [
      'open all day on weekdays: the close at Saturday midnight, across merged days',
      { ...weekdays('24/7'), saturday: 'closed', sunday: 'closed' },
      'UTC',
      '2025-06-04T12:00:00Z',
      '2025-06-07T00:00:00.000Z',
    ],
    ['open all week: no change', weekdays('24/7'), 'UTC', '2025-06-04T12:00:00Z', null],
    ['closed all week: no change', weekdays('closed'), 'UTC', '2025-06-04T12:00:00Z', null],
    ['no hours: no change', undefined, 'UTC', '2025-06-04T12:00:00Z', null],
    [
      'New York, spring forward: Sunday 08:00 EDT is 12:00 UTC',
      weekdays('08:00-20:00'),
      'America/New_York',
      '2025-03-09T03:00:00Z',
      '2025-03-09T12:00:00.000Z',
    ],
    [
      'New York, opening inside the skipped hour: the transition itself',
      { ...weekdays('08:00-20:00'), sunday: '02:30-20:00' },
      'America/New_York',
      '2025-03-09T03:00:00Z',
      '2025-03-09T07:00:00.000Z',
    ],
    [
      'New York, fall back: Sunday 08:00 EST is 13:00 UTC',
      weekdays('08:00-20:00'),
      'America/New_York',
      '2025-11-02T01:00:00Z',
      '2025-11-02T13:00:00.000Z',
    ],
    [
      'London, spring forward: Sunday 07:00 BST is 06:00 UTC',
      weekdays('07:00-22:00'),
      'Europe/London',
      '2025-03-29T23:00:00Z',
      '2025-03-30T06:00:00.000Z',
    ],
    [
      'London, fall back: Sunday 08:00 GMT is 08:00 UTC',
      weekdays('08:00-20:00'),
      'Europe/London',
      '2025-10-25T20:00:00Z',
      '2025-10-26T08:00:00.000Z',
    ],
    [
      'London, opening at a repeated wall time: its first occurrence',
      { ...weekdays('08:00-20:00'), sunday: '01:30-20:00' },
      'Europe/London',
      '2025-10-25T20:00:00Z',
      '2025-10-26T00:30:00.000Z',
    ],
    [
      'London, open all week through the DST change: no change',
      weekdays('24/7'),
      'Europe/London',
      '2025-03-29T12:00:00Z',
      null,
    ],
  ])('when %s, then nextChange is right', (_case, hours, zone, at, expected) => {
    expect(computeOpenStatus(hours, zone, new Date(at)).nextChange).toBe(expected);
  });

  it('when the next change is computed, then the reading just before it and at it differ', () => {
    const hours = { ...weekdays('08:00-20:00'), sunday: '02:30-20:00' };
    const change = computeOpenStatus(hours, 'America/New_York', new Date('2025-03-09T03:00:00Z')).nextChange;
    const instant = new Date(change ?? '');
    expect(isOpenAt(hours, 'America/New_York', new Date(instant.getTime() - 60_000), 'card')).toBe(false);
    expect(isOpenAt(hours, 'America/New_York', instant, 'card')).toBe(true);
  });
});
