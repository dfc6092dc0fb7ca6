import { describe, expect, it } from 'vitest';
import { throttle, type ThrottleClock } from '../../src/map/throttle.ts';

/** A clock the test moves by hand; timers fire when it passes their due time. */
function manualClock() {
  let time = 0;
  let timers: { due: number; run: () => void; handle: number }[] = [];
  let nextHandle = 1;
  const clock: ThrottleClock = {
    now: () => time,
    setTimeout: (run, delayMs) => {
      timers.push({ due: time + delayMs, run, handle: nextHandle });
      return nextHandle++;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.handle !== handle);
    },
  };
  const advanceTo = (target: number) => {
    for (;;) {
      const next = timers.filter((t) => t.due <= target).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      timers = timers.filter((t) => t !== next);
      time = next.due;
      next.run();
    }
    time = target;
  };
  return { clock, advanceTo, pendingTimers: () => timers.length };
}

type Step = [at: number, value: string];

describe('bounds report throttle (1000 ms)', () => {
  it.each<[string, Step[], number, [number, string][]]>([
    ['a single move', [[0, 'a']], 5000, [[0, 'a']]],
    [
      'moves a second apart',
      [
        [0, 'a'],
        [1000, 'b'],
      ],
      5000,
      [
        [0, 'a'],
        [1000, 'b'],
      ],
    ],
    [
      'a burst of moves',
      [
        [0, 'a'],
        [100, 'b'],
        [400, 'c'],
        [900, 'd'],
      ],
      5000,
      [
        [0, 'a'],
        [1000, 'd'],
      ],
    ],
    [
      'moves over three seconds',
      [
        [0, 'a'],
        [500, 'b'],
        [1200, 'c'],
        [1900, 'd'],
        [2500, 'e'],
      ],
      5000,
      [
        [0, 'a'],
        [1000, 'b'],
        [2000, 'd'],
        [3000, 'e'],
      ],
    ],
  ])(
    'when the map reports %s, then the page hears at most one a second and the last one',
    (_, steps, end, expected) => {
      const { clock, advanceTo } = manualClock();
      const heard: [number, string][] = [];
      const report = throttle((value: string) => heard.push([clock.now(), value]), 1000, clock);
      for (const [at, value] of steps) {
        advanceTo(at);
        report(value);
      }
      advanceTo(end);
      expect(heard).toEqual(expected);
      for (let i = 1; i < heard.length; i++) {
        expect(heard[i]![0] - heard[i - 1]![0]).toBeGreaterThanOrEqual(1000);
      }
    },
  );

  it('when cancelled with a report pending, then the pending report never arrives', () => {
    const { clock, advanceTo, pendingTimers } = manualClock();
    const heard: string[] = [];
    const report = throttle((value: string) => heard.push(value), 1000, clock);
    report('a');
    advanceTo(200);
    report('b');
    report.cancel();
    advanceTo(5000);
    expect(heard).toEqual(['a']);
    expect(pendingTimers()).toBe(0);
  });
});
