import { describe, expect, it } from 'vitest';
import { jsonText } from '@laundry/contracts';
import {
  createPointsCache,
  readLaundromatPoints,
  type PointsAnswer,
} from '../../src/domain/laundromat-points.ts';

const answer = (n: number): PointsAnswer => ({
  json: jsonText(`{"count":${n},"points":[]}`),
  etag: `"${n}"`,
});

/** A reader counting its readings, and a clock the test moves. */
function setUp({ failFirst = false } = {}) {
  let reads = 0;
  let clock = 0;
  const cache = createPointsCache(
    async () => {
      reads += 1;
      if (failFirst && reads === 1) throw new Error('database away');
      return answer(reads);
    },
    { ttlMs: 60_000, now: () => clock },
  );
  return { cache, reads: () => reads, advance: (ms: number) => (clock += ms) };
}

describe('the points cache', () => {
  it('when asked twice within the minute, then the points are read once', async () => {
    const { cache, reads, advance } = setUp();
    await cache.get();
    advance(59_999);
    expect((await cache.get()).etag).toBe('"1"');
    expect(reads()).toBe(1);
  });

  it('when asked once the minute is over, then they are read again', async () => {
    const { cache, reads, advance } = setUp();
    await cache.get();
    advance(60_000);
    expect((await cache.get()).etag).toBe('"2"');
    expect(reads()).toBe(2);
  });

  it('when many ask while a reading is under way, then they share it', async () => {
    const { cache, reads } = setUp();
    const answers = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(answers.map((a) => a.etag)).toEqual(['"1"', '"1"', '"1"']);
    expect(reads()).toBe(1);
  });

  it('when a reading fails, then the next request reads again rather than getting the failure', async () => {
    const { cache, reads } = setUp({ failFirst: true });
    await expect(cache.get()).rejects.toThrow('database away');
    expect((await cache.get()).etag).toBe('"2"');
    expect(reads()).toBe(2);
  });

  it('when invalidated, then the next request reads afresh within the minute', async () => {
    const { cache, reads } = setUp();
    await cache.get();
    cache.invalidate();
    await cache.get();
    expect(reads()).toBe(2);
  });
});

describe('readLaundromatPoints', () => {
  it('when the repository has points, then the answer is their JSON with the count and a strong ETag of it', async () => {
    const read = await readLaundromatPoints({
      findListedPoints: async () => ({ count: 2, pointsJson: '[[-0.1,51.5],[2.35,48.85]]' }),
    });
    expect(JSON.parse(read.json)).toEqual({
      count: 2,
      points: [
        [-0.1, 51.5],
        [2.35, 48.85],
      ],
    });
    expect(read.etag).toMatch(/^"[\w-]{27}"$/);
    const other = await readLaundromatPoints({
      findListedPoints: async () => ({ count: 2, pointsJson: '[[-0.1,51.5],[2.35,48.86]]' }),
    });
    expect(other.etag).not.toBe(read.etag);
  });
});
