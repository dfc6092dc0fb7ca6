import { describe, expect, it } from 'vitest';
import {
  changeKey,
  createSseReader,
  dealSubscriptions,
  eventKey,
  summarise,
  tallyDeliveries,
} from '../src/live-events.ts';

const event = (laundromatId: string, updatedAt: string) =>
  JSON.stringify({ laundromatId, live: { updatedAt }, validUntil: null, computedAt: updatedAt });

describe('createSseReader', () => {
  it('when a frame is cut between chunks, then it is read once the rest arrives, comments counted', () => {
    const read = createSseReader();
    expect(read('retry: 3000\n: following 2 laundromats\n\nid: 1\nevent: availability\ndata: {"a"')).toEqual({
      events: [],
      comments: 1,
    });
    expect(read(':1}\n\n: heartbeat\n\n')).toEqual({ events: ['{"a":1}'], comments: 1 });
  });
});

describe('tallyDeliveries', () => {
  it('when changes reach some of their followers, then latencies run from the 2xx and the rest is missing', () => {
    const a = changeKey('l1', '2026-11-29T08:00:00.000Z');
    const b = changeKey('l2', '2026-11-29T08:00:00.001Z');
    const c = changeKey('l3', '2026-11-29T08:00:00.002Z');
    expect(eventKey(event('l1', '2026-11-29T08:00:00.000Z'))).toBe(a);
    const tally = tallyDeliveries(
      [
        { key: a, answeredAt: 100, followers: 2 },
        { key: b, answeredAt: 200, followers: 3 },
        { key: c, answeredAt: 300, followers: 1 },
      ],
      new Map([
        [a, [90, 150]], // one event before its answer: a negative latency, not a lost one
        [b, [260]],
      ]),
    );
    expect(tally).toEqual({
      latencies: [-10, 50, 60],
      firstLatencies: [-10, 60],
      expected: 6,
      delivered: 3,
      changesNeverDelivered: 1,
      missing: 3,
      duplicates: 0,
    });
  });
});

describe('dealSubscriptions', () => {
  it('when streams are dealt laundromats, then every laundromat has the same followers and no stream repeats one', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const streams = dealSubscriptions(ids, 10, 3);
    expect(streams.every((s) => new Set(s).size === 3)).toBe(true);
    const counts = ids.map((id) => streams.flat().filter((x) => x === id).length);
    expect(counts).toEqual([6, 6, 6, 6, 6]);
  });
});

describe('summarise', () => {
  it('when values are summarised, then percentiles are nearest-rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarise(values)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  });
});
