import { computeOpenStatus } from '@laundry/contracts';
import type { Hours, OpenStatus } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import {
  cardBadge,
  cardStatusText,
  currentOpenStatus,
  detailOpenReading,
  favoriteBadge,
  isOpenNowAt,
  mapBadge,
} from '../../src/domain/open-status-display.ts';
import { formatLocalTime } from '../../src/domain/local-time-format.ts';

const zone = 'UTC';
// 2024-01-01 is a Monday.
const at = (hhmm: string) => new Date(`2024-01-01T${hhmm}:00Z`);
const week = (monday: string | undefined, tuesday?: string): Hours => ({ monday, tuesday });
const status = (hours: Hours | null, hhmm: string): OpenStatus => computeOpenStatus(hours, zone, at(hhmm));
const spaces = (text: string) => text.replace(/\s/gu, ' ');
const plain = (t: { key: string; values?: Record<string, string | number> }) => ({
  key: t.key,
  ...(t.values
    ? { values: Object.fromEntries(Object.entries(t.values).map(([k, v]) => [k, spaces(String(v))])) }
    : {}),
});

describe('card badge, map badge and card status text (card reading: the closing minute is closed)', () => {
  it.each([
    ['when hours are 24/7', week('24/7'), '03:00', 'badges.hours24', 'badges.open', 'open24h', undefined],
    [
      'when hours are 0:00-24:00',
      week('0:00-24:00'),
      '23:59',
      'badges.hours24',
      'badges.open',
      'open24h',
      undefined,
    ],
    [
      'when today is closed',
      week('closed', '9:00-21:00'),
      '12:00',
      'badges.closed',
      'badges.closed',
      'closedToday',
      undefined,
    ],
    [
      'when it is before opening',
      week('9:00-21:00'),
      '08:30',
      'badges.closed',
      'badges.closed',
      'opensAt',
      '9:00 AM',
    ],
    [
      'when it is the opening minute',
      week('9:00-21:00'),
      '09:00',
      'badges.openNow',
      'badges.open',
      'closesAt',
      '9:00 PM',
    ],
    [
      'when it is within the range',
      week('09:00-21:30'),
      '15:00',
      'badges.openNow',
      'badges.open',
      'closesAt',
      '9:30 PM',
    ],
    [
      'when it is the closing minute',
      week('9:00-21:00', '8:00-20:00'),
      '21:00',
      'badges.closed',
      'badges.closed',
      'opensTomorrowAt',
      '8:00 AM',
    ],
    [
      'when closed for the day and tomorrow has no entry',
      week('9:00-21:00'),
      '22:00',
      'badges.closed',
      'badges.closed',
      'opensTomorrow',
      undefined,
    ],
    [
      'when closed for the day and tomorrow is closed',
      week('9:00-21:00', 'closed'),
      '22:00',
      'badges.closed',
      'badges.closed',
      'closedToday',
      undefined,
    ],
    [
      'when today has no entry',
      week(undefined, '9:00-21:00'),
      '12:00',
      'badges.hoursUnknown',
      'badges.hoursUnknown',
      'hoursNotAvailable',
      undefined,
    ],
  ])('%s, then the card, map and status text read accordingly', (_, hours, now, card, map, text, time) => {
    const s = status(hours, now);
    expect(cardBadge(s).label.key).toBe(`finder:${card}`);
    expect(mapBadge(s).label.key).toBe(`finder:${map}`);
    expect(plain(cardStatusText(s, 'en-US'))).toEqual({
      key: `finder:status.${text}`,
      ...(time ? { values: { time } } : {}),
    });
  });

  it('when there are no hours at all, then the text is Hours not available and the badge Hours unknown, neutral', () => {
    const s = status(null, '12:00');
    expect(cardStatusText(s, 'en-US').key).toBe('finder:status.hoursNotAvailable');
    expect(cardBadge(s)).toEqual({ label: { key: 'finder:badges.hoursUnknown' }, tone: 'neutral' });
  });

  it.each([
    [
      { kind: 'call_ahead' } as const,
      true,
      'finder:status.callAhead',
      'finder:badges.hoursUnknown',
      'neutral',
    ],
    [
      { kind: 'hours_may_vary', comment: 'ring the bell' } as const,
      false,
      'finder:status.hoursMayVary',
      'finder:badges.open',
      'open',
    ],
  ])(
    'when the server reads %o, then the text is %s and never a plain open',
    (statusText, unknown, text, badgeKey, tone) => {
      const s = {
        isOpenNow: !unknown,
        is24Hours: false,
        todayHours: null,
        nextChange: null,
        statusText,
        isUnknownNow: unknown,
      };
      expect(cardStatusText(s, 'en-US').key).toBe(text);
      expect(detailOpenReading(s, 'en-US').today.key).toBe(text);
      expect(mapBadge(s)).toEqual({ label: { key: badgeKey }, tone });
    },
  );
});

describe('detail and favorites reading (the closing minute is open)', () => {
  it.each([
    ['when before opening', week('9:00-21:00'), '08:00', 'badges.closed', 'opensAt', '9:00 AM', false],
    ['when open', week('9:00-21:00'), '12:00', 'badges.open', 'closesAt', '9:00 PM', true],
    [
      'when it is the closing minute',
      week('9:00-21:00', '8:00-20:00'),
      '21:00',
      'badges.open',
      'closesAt',
      '9:00 PM',
      true,
    ],
    [
      'when closed for the day with tomorrow known',
      week('9:00-21:00', '8:00-20:00'),
      '21:01',
      'badges.closed',
      'opensTomorrow',
      undefined,
      false,
    ],
    [
      'when closed for the day, tomorrow unknown',
      week('9:00-21:00'),
      '21:01',
      'badges.closed',
      'opensTomorrow',
      undefined,
      false,
    ],
    ['when today is closed', week('closed'), '12:00', 'badges.closed', 'closedToday', undefined, false],
    [
      'when today has no entry',
      week(undefined),
      '12:00',
      'badges.hoursUnknown',
      'hoursNotAvailable',
      undefined,
      false,
    ],
    ['when hours are 24/7', week('24/7'), '12:00', 'badges.hours24', 'open24h', undefined, false],
  ])(
    '%s, then the badge, today line and last-wash note follow',
    (_, hours, now, badgeKey, text, time, note) => {
      const reading = detailOpenReading(status(hours, now), 'en-US');
      expect(reading.badge.label.key).toBe(`finder:${badgeKey}`);
      expect(favoriteBadge(status(hours, now)).label.key).toBe(`finder:${badgeKey}`);
      expect(plain(reading.today)).toEqual({
        key: `finder:status.${text}`,
        ...(time ? { values: { time } } : {}),
      });
      expect(reading.lastWashNote).toEqual(
        note ? { key: 'finder:status.lastWash', values: { minutes: 30 } } : null,
      );
    },
  );
});

describe('where the status comes from', () => {
  const serverStatus = status(week('9:00-21:00'), '12:00');

  it('when the zone is known, then the status is recomputed for now, not taken from the (old) server reading', () => {
    const s = currentOpenStatus(
      { hours: week('9:00-21:00'), timeZone: zone, openStatus: serverStatus },
      at('22:00'),
    );
    expect(s.isOpenNow).toBe(false);
  });

  it('when the zone is missing, then the server reading is used', () => {
    expect(currentOpenStatus({ hours: week('9:00-21:00'), openStatus: serverStatus }, at('22:00'))).toBe(
      serverStatus,
    );
  });

  it('when the laundromat is in another zone, then its own local time decides', () => {
    // 12:00 UTC is 21:00 in Tokyo: the card reading is closed at the closing minute.
    const s = currentOpenStatus({ hours: week('9:00-21:00'), timeZone: 'Asia/Tokyo' }, at('12:00'));
    expect([s.isOpenNow, s.isOpenNowInclusive]).toEqual([false, true]);
  });
});

describe('open or closed for the map, from the server reading while it holds', () => {
  // Read at 12:00 on a Monday: open, next change at 21:00.
  const served = status(week('9:00-21:00'), '12:00');

  it('when now is before the next change, then the server reading answers (the hours are not read again)', () => {
    expect(served.nextChange).toBe('2024-01-01T21:00:00.000Z');
    // Hours that say otherwise prove the reading, not the hours, decided.
    expect(isOpenNowAt({ hours: week('closed'), timeZone: zone, openStatus: served }, at('20:59'))).toBe(
      true,
    );
  });

  it.each([
    ['at the closing minute', '21:00', false],
    ['after closing', '22:00', false],
  ])('when now is %s (the next change has come), then it is recomputed in the zone', (_case, hhmm, open) => {
    expect(isOpenNowAt({ hours: week('9:00-21:00'), timeZone: zone, openStatus: served }, at(hhmm))).toBe(
      open,
    );
  });

  it('when the server reading never changes (open all week), then it stands at any time', () => {
    const allWeek = computeOpenStatus({ monday: '24/7', tuesday: '24/7' }, zone, at('12:00'));
    const everyDay = computeOpenStatus(
      Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          '24/7',
        ]),
      ),
      zone,
      at('12:00'),
    );
    expect(everyDay.nextChange).toBeNull();
    expect(isOpenNowAt({ hours: null, timeZone: zone, openStatus: everyDay }, at('23:00'))).toBe(true);
    expect(allWeek.nextChange).not.toBeNull();
  });

  it('when there is no server reading, then it is computed from the hours in the zone', () => {
    expect(isOpenNowAt({ hours: week('9:00-21:00'), timeZone: 'Asia/Tokyo' }, at('11:00'))).toBe(true);
    expect(isOpenNowAt({ hours: week('9:00-21:00'), timeZone: 'Asia/Tokyo' }, at('12:00'))).toBe(false);
  });
});

describe('time formatting per locale', () => {
  it.each([
    ['21:00', 'en-US', '9:00 PM'],
    ['09:05', 'en-US', '9:05 AM'],
    ['24:00', 'en-US', '12:00 AM'],
    ['00:00', 'en-US', '12:00 AM'],
    ['21:00', 'fr', '21:00'],
    ['21:00', 'es', '21:00'],
    ['not a time', 'en-US', 'not a time'],
  ])('when %s is formatted for %s, then it reads %s', (time, locale, expected) => {
    expect(spaces(formatLocalTime(time, locale))).toBe(expected);
  });
});
