import { describe, expect, it } from 'vitest';
import { lastOnline } from '../src/time/relative-time.ts';

const now = Date.UTC(2025, 9, 21, 12, 0, 0);
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const relative = (key: string, n?: number) => ({
  kind: 'relative',
  text: n === undefined ? { key } : { key, values: { n } },
});

describe('offline banner Last online', () => {
  it.each([
    ['0 s ago', ago(0), relative('shell:offline.justNow')],
    ['59 s ago', ago(59_000), relative('shell:offline.justNow')],
    ['in the future (clock skew)', now + 5 * MIN, relative('shell:offline.justNow')],
    ['1 min ago', ago(MIN), relative('shell:offline.minutesAgo', 1)],
    ['59.9 min ago', ago(59.9 * MIN), relative('shell:offline.minutesAgo', 59)],
    ['1 h ago', ago(60 * MIN), relative('shell:offline.hoursAgo', 1)],
    ['23 h 59 min ago', ago(1439 * MIN), relative('shell:offline.hoursAgo', 23)],
    ['24 h ago', ago(1440 * MIN), { kind: 'date', date: 'Oct 20, 2025' }],
  ])('when last online %s, then it reads %o', (_, at, expected) => {
    expect(lastOnline(at, now, 'en-US', 'UTC')).toEqual(expected);
  });

  it('when the locale is French, then the date is French', () => {
    expect(lastOnline(ago(3 * 1440 * MIN), new Date(now), 'fr', 'UTC')).toEqual({
      kind: 'date',
      date: '18 oct. 2025',
    });
  });

  it('when never online, then nothing is shown', () => {
    expect(lastOnline(null, now, 'en')).toBeNull();
  });
});
