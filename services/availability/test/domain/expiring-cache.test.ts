import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../src/domain/expiring-cache.ts';
import { rememberLaundromatPoints, type LaundromatPoint } from '../../src/domain/laundromat-points.ts';
import { createFeedKeyCache } from '../../src/domain/feeds.ts';

describe('the expiring cache', () => {
  it('when an entry reaches its time, then it is no longer returned', () => {
    let clock = 1_000;
    const cache = new ExpiringCache<string, number>({ max: 10, now: () => clock });
    cache.set('a', 1, 2_000);
    clock = 1_999;
    expect(cache.get('a')).toBe(1);
    clock = 2_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('b', 2, 1_500);
    expect(cache.get('b')).toBeUndefined();
  });

  it('when more entries are kept than its bound, then the one used longest ago goes first', () => {
    const cache = new ExpiringCache<string, number>({ max: 2, now: () => 0 });
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 10);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('when an entry is deleted or the cache cleared, then it is gone', () => {
    const cache = new ExpiringCache<string, number>({ max: 5, now: () => 0 });
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });
});

const point: LaundromatPoint = { latitude: 38.7, longitude: -9.1, numWashers: 8, numDryers: 4 };

function slowDirectory() {
  const asked: string[] = [];
  const pending: Array<(found: LaundromatPoint | null) => void> = [];
  return {
    asked,
    answer: (found: LaundromatPoint | null) => pending.shift()!(found),
    directory: {
      laundromatPoint(id: string) {
        asked.push(id);
        return new Promise<LaundromatPoint | null>((resolve) => pending.push(resolve));
      },
    },
  };
}

describe("the directory's laundromat points, kept", () => {
  it('when reports for a laundromat not kept arrive together, then the directory is asked once', async () => {
    const { asked, answer, directory } = slowDirectory();
    const points = rememberLaundromatPoints(directory, { ttlMs: 60_000 });
    const both = Promise.all([points.laundromatPoint('a'), points.laundromatPoint('a')]);
    answer(point);
    expect(await both).toEqual([point, point]);
    expect(asked).toEqual(['a']);
    expect(points.known('a')).toEqual(point);
  });

  it('when the directory says the laundromat changed, then it is asked again, and an answer asked before is not kept', async () => {
    const { asked, answer, directory } = slowDirectory();
    const points = rememberLaundromatPoints(directory, { ttlMs: 60_000 });
    const first = points.laundromatPoint('a');
    answer(point);
    await first;
    points.forget('a');
    expect(points.known('a')).toBeUndefined();
    const during = points.laundromatPoint('a');
    points.forget('a');
    answer(point);
    await during;
    expect(points.known('a')).toBeUndefined();
    const after = points.laundromatPoint('a');
    answer({ ...point, numWashers: 10 });
    expect((await after)?.numWashers).toBe(10);
    expect(points.known('a')?.numWashers).toBe(10);
    expect(asked).toEqual(['a', 'a', 'a']);
  });

  it('when more laundromats are asked than its bound, then the one used longest ago is asked again', async () => {
    const asked: string[] = [];
    const points = rememberLaundromatPoints(
      { laundromatPoint: async (id: string) => (asked.push(id), point) },
      { ttlMs: 60_000, max: 2 },
    );
    for (const id of ['a', 'b', 'c', 'a']) await points.laundromatPoint(id);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe("the feed keys' laundromats, kept", () => {
  const reader = (rows: Record<string, { laundromatId: string; revokedAt: Date | null }>) => {
    const read: string[][] = [];
    return {
      read,
      fn: async (hashes: string[]) => {
        read.push(hashes);
        return new Map(hashes.filter((h) => rows[h]).map((h) => [h, rows[h]!]));
      },
    };
  };

  it('when a key was read less than the time ago, then it is not read again; then it is', async () => {
    let clock = 0;
    const keys = createFeedKeyCache({ ttlMs: 5_000, now: () => clock });
    const { read, fn } = reader({ k1: { laundromatId: 'L1', revokedAt: null } });
    expect(await keys.laundromatsOf(['k1', 'k1'], fn)).toEqual(new Map([['k1', 'L1']]));
    clock = 4_999;
    expect(await keys.laundromatsOf(['k1'], fn)).toEqual(new Map([['k1', 'L1']]));
    clock = 5_000;
    await keys.laundromatsOf(['k1'], fn);
    expect(read).toEqual([['k1'], ['k1']]);
  });

  it("when a rotated key's overlap ends, then it is read again then, whatever the time kept", async () => {
    let clock = 0;
    const keys = createFeedKeyCache({ ttlMs: 5_000, now: () => clock });
    const rows: Record<string, { laundromatId: string; revokedAt: Date | null }> = {
      old: { laundromatId: 'L1', revokedAt: new Date(1_000) },
    };
    const { read, fn } = reader(rows);
    await keys.laundromatsOf(['old'], fn);
    clock = 999;
    expect(await keys.laundromatsOf(['old'], fn)).toEqual(new Map([['old', 'L1']]));
    clock = 1_000;
    delete rows.old;
    expect(await keys.laundromatsOf(['old'], fn)).toEqual(new Map());
    expect(read).toEqual([['old'], ['old']]);
  });

  it('when a key is revoked through this process, then it is read again at once; an unknown key always is', async () => {
    const keys = createFeedKeyCache({ ttlMs: 60_000 });
    const rows: Record<string, { laundromatId: string; revokedAt: Date | null }> = {
      k1: { laundromatId: 'L1', revokedAt: null },
    };
    const { read, fn } = reader(rows);
    await keys.laundromatsOf(['k1', 'nope'], fn);
    delete rows.k1;
    keys.forgetAll();
    expect(await keys.laundromatsOf(['k1', 'nope'], fn)).toEqual(new Map());
    expect(read).toEqual([
      ['k1', 'nope'],
      ['k1', 'nope'],
    ]);
  });

  it('when the time kept is 0, then every batch reads its keys', async () => {
    const keys = createFeedKeyCache({ ttlMs: 0 });
    const { read, fn } = reader({ k1: { laundromatId: 'L1', revokedAt: null } });
    await keys.laundromatsOf(['k1'], fn);
    await keys.laundromatsOf(['k1'], fn);
    expect(read).toHaveLength(2);
  });
});
