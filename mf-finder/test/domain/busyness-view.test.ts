import { describe, expect, it } from 'vitest';
import type { BusynessResponse } from '@laundry/contracts';
import en from '../../../packages/ui/src/locales/en.json' with { type: 'json' };
import { busynessKeys, busynessLevel, busynessView, labelledHour } from '../../src/live/busyness-view.ts';

const A = '11111111-1111-4111-8111-111111111111';

/** A week where every day is empty at 7, three quarters full at 12 and full at 18; nothing seen at night. */
function answer(overrides: Partial<BusynessResponse> = {}): BusynessResponse {
  const occupancyAt = (hour: number) =>
    hour === 7 ? 0.05 : hour === 12 ? 0.75 : hour === 18 ? 1 : hour < 6 ? null : 0.4;
  return {
    laundromatId: A,
    timeZone: 'Europe/Paris',
    enoughData: true,
    days: Array.from({ length: 7 }, (_, index) => ({
      weekday: index + 1,
      hours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        occupancy: occupancyAt(hour),
        weight: occupancyAt(hour) === null ? 0 : 3,
      })),
    })),
    now: { weekday: 6, hour: 7, usually: 'quiet' },
    bestTimeToday: { hour: 7, occupancy: 0.05 },
    observedHours: 300,
    ...overrides,
  };
}

function english(key: string): unknown {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = (en as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe('how busy it usually is, in the detail', () => {
  it("given eight weeks of visits and a quiet hour now, then today's 24 hours are drawn and it says so", () => {
    const view = busynessView(answer());
    expect(view.kind).toBe('chart');
    if (view.kind !== 'chart') return;
    expect(view.weekday).toBe(6);
    expect(view.bars).toHaveLength(24);
    expect(view.bars[18]).toMatchObject({ hour: 18, occupancy: 1, level: 'busy', isNow: false });
    expect(view.bars[12]!.level).toBe('busy');
    expect(view.bars[9]!.level).toBe('moderate');
    expect(view.bars[3]).toMatchObject({ occupancy: null, level: null });
    expect(view.bars[7]).toMatchObject({ level: 'quiet', isNow: true, isBest: true });
    expect(view.usually).toEqual({ key: 'finder:busyness.usually.quiet' });
    expect(view.bestHour).toBe(7);
  });

  it("given a busy hour now and a quieter hour later, then it says 'usually busy' and names the later hour", () => {
    const view = busynessView(
      answer({ now: { weekday: 6, hour: 18, usually: 'busy' }, bestTimeToday: { hour: 20, occupancy: 0.4 } }),
    );
    expect(view).toMatchObject({
      kind: 'chart',
      usually: { key: 'finder:busyness.usually.busy' },
      bestHour: 20,
    });
  });

  it('given an hour never seen now and no known hour left today, then no verdict and no best time', () => {
    const view = busynessView(answer({ now: { weekday: 6, hour: 2, usually: null }, bestTimeToday: null }));
    expect(view).toMatchObject({ kind: 'chart', usually: null, bestHour: null });
  });

  it("given too few visits in all, then 'Not enough visits yet' and no chart", () => {
    expect(busynessView(answer({ enoughData: false, bestTimeToday: null }))).toEqual({
      kind: 'not-enough',
      message: { key: 'finder:busyness.notEnough' },
    });
  });

  it('given enough visits on other days but none ever on this weekday, then no empty chart either', () => {
    const base = answer();
    const days = base.days.map((day) =>
      day.weekday === 6
        ? { ...day, hours: day.hours.map((cell) => ({ ...cell, occupancy: null, weight: 0 })) }
        : day,
    );
    expect(busynessView({ ...base, days }).kind).toBe('not-enough');
  });

  it('given the thresholds, then the bars are levelled as the service words its verdict', () => {
    expect(busynessLevel(0.3)).toBe('quiet');
    expect(busynessLevel(0.31)).toBe('moderate');
    expect(busynessLevel(0.6)).toBe('busy');
    expect(busynessLevel(null)).toBeNull();
    expect([0, 6, 12, 18].every(labelledHour)).toBe(true);
    expect(labelledHour(7)).toBe(false);
  });

  it.each([
    busynessKeys.notEnough,
    ...Object.values(busynessKeys.usually),
    ...Object.values(busynessKeys.level),
  ])('when %s is looked up in en.json, then it has English text', (key) => {
    expect(english(key)).toEqual(expect.any(String));
  });
});
