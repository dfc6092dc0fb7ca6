import { describe, expect, it } from 'vitest';
import {
  agreement,
  computeLiveState,
  freshness,
  trust,
  type FedMachine,
  type WeighedReport,
} from '../../src/domain/live-state.ts';
import { distanceBand } from '../../src/domain/distance-band.ts';
import { rememberLaundromatPoints } from '../../src/domain/laundromat-points.ts';

const now = new Date('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

function reportOf(overrides: Partial<WeighedReport> = {}): WeighedReport {
  return {
    id: 'r',
    kind: 'counts',
    washers: { free: 3, total: 12 },
    dryers: null,
    waitMinutes: null,
    distanceBand: 'on-site',
    createdAt: now,
    confirmations: 0,
    disputes: 0,
    lastConfirmedAt: null,
    reporter: { confirmed: 0, disputed: 0 },
    ...overrides,
  };
}

const noTotals: { washers: number | null; dryers: number | null } = { washers: null, dryers: null };
const live = (reports: WeighedReport[], machines: FedMachine[] = [], totals = noTotals) =>
  computeLiveState({ reports, machines, totals, now });

describe('how much a report counts', () => {
  it.each([
    [0, 1],
    [20, 1],
    [32.5, 0.5],
    [45, 0],
    [60, 0],
  ])('when it is %s minutes old, then its freshness is %s', (age, expected) => {
    expect(freshness(age)).toBeCloseTo(expected);
  });

  it.each([
    [{ confirmed: 0, disputed: 0 }, 1],
    [{ confirmed: 8, disputed: 0 }, 1.4],
    [{ confirmed: 0, disputed: 8 }, 0.6],
  ])("when the reporter's record is %o, then their trust is %s", (record, expected) => {
    expect(trust(record)).toBeCloseTo(expected);
  });

  it.each([
    [0, 0, 1],
    [2, 0, 2],
    [10, 0, 2],
    [0, 1, 0.5],
    [2, 2, 2 / 3],
  ])('when it has %s confirmations and %s disputes, then its reception is %s', (c, d, expected) => {
    expect(agreement({ confirmations: c, disputes: d })).toBeCloseTo(expected);
  });

  it.each([
    [{ latitude: 48.8501, longitude: 2.3501, accuracyMeters: 20 }, 'on-site'],
    [{ latitude: 48.8501, longitude: 2.3501, accuracyMeters: 900 }, 'near'],
    [{ latitude: 48.86, longitude: 2.35, accuracyMeters: 20 }, 'near'],
    [{ latitude: 48.95, longitude: 2.35, accuracyMeters: 20 }, 'far'],
    [undefined, 'unknown'],
  ] as const)('when the reporter stood at %o, then the band is %s', (position, band) => {
    expect(distanceBand(position, { latitude: 48.85, longitude: 2.35 })).toBe(band);
  });
});

describe('the live state', () => {
  it('when nothing was reported in the last 45 minutes, then there is no state at all', () => {
    expect(live([reportOf({ createdAt: minutesAgo(46) })])).toEqual({
      live: null,
      validUntil: null,
      feed: null,
    });
    expect(live([])).toEqual({ live: null, validUntil: null, feed: null });
  });

  it('when one fresh on-site report counts, then the state is its counts at medium confidence', () => {
    const { live: state, validUntil } = live([reportOf({ createdAt: minutesAgo(7) })]);
    expect(state).toMatchObject({
      washersFree: 3,
      washersTotal: 12,
      dryersFree: null,
      source: 'visitors',
      ageMinutes: 7,
      confidenceLevel: 'medium',
      reportCount: 1,
    });
    expect(validUntil).toEqual(minutesAgo(7 - 45));
  });

  it('when a fresh on-site report and a far one disagree, then the on-site one weighs ten times more', () => {
    const state = live([
      reportOf({ washers: { free: 0, total: 10 } }),
      reportOf({ washers: { free: 10, total: 10 }, distanceBand: 'far', createdAt: minutesAgo(1) }),
    ]).live!;
    expect(state.washersFree).toBe(1);
  });

  it('when a newer report says full and an older one all free, then the fading older one counts less', () => {
    const state = live([
      reportOf({ washers: { free: 0, total: 10 } }),
      reportOf({ washers: { free: 10, total: 10 }, createdAt: minutesAgo(40) }),
    ]).live!;
    // Weights 1 and 0.2: 2 of 10 free.
    expect(state.washersFree).toBe(2);
    expect(state.ageMinutes).toBe(0);
  });

  it('when a report was disputed, then it counts less than an undisputed one', () => {
    const state = live([
      reportOf({ washers: { free: 0, total: 10 }, disputes: 3 }),
      reportOf({ washers: { free: 8, total: 10 } }),
    ]).live!;
    expect(state.washersFree).toBe(6);
    expect(state.disputes).toBe(3);
  });

  it('when a 40-minute-old report was confirmed 5 minutes ago, then it counts fully from the confirmation', () => {
    const state = live([
      reportOf({ createdAt: minutesAgo(40), confirmations: 1, lastConfirmedAt: minutesAgo(5) }),
    ]);
    expect(state.live!.confirmations).toBe(1);
    expect(state.validUntil).toEqual(minutesAgo(5 - 45));
  });

  it.each([
    ['all-free', 10, 6],
    ['full', 0, 0],
    ['some-free', 5, 3],
  ] as const)(
    "when a quick '%s' is all there is, then it reads against the known totals",
    (kind, washers, dryers) => {
      const state = live([reportOf({ kind, washers: null })], [], { washers: 10, dryers: 6 }).live!;
      expect(state).toMatchObject({
        washersFree: washers,
        washersTotal: 10,
        dryersFree: dryers,
        dryersTotal: 6,
      });
    },
  );

  it('when more reports agree, then confidence grows', () => {
    const one = live([reportOf()]).live!.confidence;
    const three = live([reportOf(), reportOf(), reportOf()]).live!.confidence;
    expect(three).toBeGreaterThan(one);
    expect(live([reportOf(), reportOf(), reportOf()]).live!.confidenceLevel).toBe('high');
    expect(live([reportOf({ distanceBand: 'far' })]).live!.confidenceLevel).toBe('low');
  });
});

describe('the machine feed', () => {
  const machines = (age: number): FedMachine[] => [
    { type: 'washer', status: 'available', reportedAt: minutesAgo(age) },
    { type: 'washer', status: 'in_use', reportedAt: minutesAgo(age) },
    { type: 'washer', status: 'finishing', reportedAt: minutesAgo(age) },
    { type: 'dryer', status: 'out_of_order', reportedAt: minutesAgo(age) },
  ];

  it('when it is fresh, then it wins over reports, with full confidence', () => {
    const outcome = live([reportOf({ washers: { free: 3, total: 3 } })], machines(2));
    expect(outcome.live).toMatchObject({
      source: 'machines',
      washersFree: 1,
      washersTotal: 3,
      dryersFree: 0,
      dryersTotal: 1,
      confidence: 1,
      ageMinutes: 2,
    });
    expect(outcome.feed).toEqual({ lastSeenAt: minutesAgo(2), stale: false });
    expect(outcome.validUntil).toEqual(minutesAgo(2 - 15));
  });

  it('when it has been silent 15 minutes, then it is stale and never read as free', () => {
    expect(live([], machines(15))).toEqual({
      live: null,
      validUntil: null,
      feed: { lastSeenAt: minutesAgo(15), stale: true },
    });
  });

  it('when it is stale but visitors reported, then the visitors are shown', () => {
    const outcome = live([reportOf()], machines(20));
    expect(outcome.live!.source).toBe('visitors');
    expect(outcome.feed!.stale).toBe(true);
  });
});

describe("a report's laundromat, as the directory listed it", () => {
  const point = { latitude: 48.85, longitude: 2.35, numWashers: 10, numDryers: 6 };
  function directoryAsking(answer: typeof point | null = point) {
    const asked: string[] = [];
    return {
      asked,
      directory: {
        laundromatPoint: async (id: string) => {
          asked.push(id);
          return answer;
        },
      },
    };
  }

  it('when a laundromat is asked again within the time kept, then the directory is asked once', async () => {
    let clock = 0;
    const { asked, directory } = directoryAsking();
    const points = rememberLaundromatPoints(directory, { ttlMs: 60_000, now: () => clock });
    expect(await points.laundromatPoint('a')).toEqual(point);
    clock = 59_999;
    expect(await points.laundromatPoint('a')).toEqual(point);
    expect(asked).toEqual(['a']);
    clock = 60_000;
    await points.laundromatPoint('a');
    expect(asked).toEqual(['a', 'a']);
  });

  it('when the directory does not list it, then it is asked again each time', async () => {
    const { asked, directory } = directoryAsking(null);
    const points = rememberLaundromatPoints(directory, { ttlMs: 60_000 });
    expect(await points.laundromatPoint('gone')).toBeNull();
    expect(await points.laundromatPoint('gone')).toBeNull();
    expect(asked).toEqual(['gone', 'gone']);
  });

  it('when more laundromats are kept than allowed, then the oldest answer goes first', async () => {
    const { asked, directory } = directoryAsking();
    const points = rememberLaundromatPoints(directory, { ttlMs: 60_000, max: 2 });
    for (const id of ['a', 'b', 'c', 'b', 'a']) await points.laundromatPoint(id);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
