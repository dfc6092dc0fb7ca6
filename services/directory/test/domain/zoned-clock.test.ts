import { describe, expect, it } from 'vitest';
import { wallClockAt, zoneOffsetMs } from '../../src/domain/osm-hours/zoned-clock.ts';

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string) =>
  formats.get(timeZone) ??
  formats
    .set(
      timeZone,
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
    )
    .get(timeZone)!;

/** The zone's wall clock at an instant as Intl writes it, read here independently of the module. */
function intlWallClock(timeZone: string, epochMs: number) {
  const parts = formatOf(timeZone).formatToParts(epochMs);
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour') % 24,
    minute: field('minute'),
    second: field('second'),
  };
}

const intlOffset = (timeZone: string, epochMs: number) => {
  const w = intlWallClock(timeZone, epochMs);
  const whole = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
};

const zones = Intl.supportedValuesOf('timeZone');
const QUARTER_HOUR_MS = 900_000;

describe("a zone's wall clock", () => {
  it('when any zone changes its offset in the years around now, then it does so at a quarter hour of UTC', () => {
    // What lets the offsets be kept per quarter hour: found week by week, each change pinned to the ms.
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2028, 0, 1);
    const week = 7 * 86_400_000;
    let changes = 0;
    for (const zone of zones) {
      let before = intlOffset(zone, from);
      for (let t = from + week; t <= to; t += week) {
        const after = intlOffset(zone, t);
        if (after === before) continue;
        let lo = t - week;
        let hi = t;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (intlOffset(zone, mid) === before) lo = mid;
          else hi = mid;
        }
        expect({ zone, at: new Date(hi).toISOString(), quarter: hi % QUARTER_HOUR_MS }).toEqual({
          zone,
          at: new Date(hi).toISOString(),
          quarter: 0,
        });
        changes += 1;
        before = after;
      }
    }
    // Daylight saving time in dozens of zones each year: the scan saw them.
    expect(changes).toBeGreaterThan(200);
  });

  it('when read at any instant in any zone, then it is what Intl says, across daylight saving changes too', () => {
    const instants = [
      // Paris springs forward at 01:00 UTC and falls back at 01:00 UTC; Lord Howe moves by half an hour.
      Date.UTC(2026, 2, 29, 0, 59, 59, 999),
      Date.UTC(2026, 2, 29, 1, 0, 0, 0),
      Date.UTC(2026, 9, 25, 0, 59, 59, 999),
      Date.UTC(2026, 9, 25, 1, 0, 0, 0),
      Date.UTC(2026, 3, 4, 15, 0, 0, 0),
      Date.UTC(2026, 9, 3, 15, 30, 0, 0),
    ];
    for (let i = 0; i < 16; i += 1) instants.push(Date.UTC(2026, 0, 1) + i * 22_123_457_891);
    for (const zone of zones) {
      for (const at of instants) {
        expect({ zone, at, wall: wallClockAt(zone, at) }).toEqual({
          zone,
          at,
          wall: intlWallClock(zone, at),
        });
        expect(zoneOffsetMs(zone, at)).toBe(intlOffset(zone, at));
      }
    }
  });
});
