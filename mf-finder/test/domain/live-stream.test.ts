import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyLiveEvent } from '../../src/live/live-stream.ts';
import type { Laundromat, LiveSummary } from '@laundry/contracts';
import { followedKey, maxFollowed } from '../../src/live/followed-key.ts';
import {
  carriesLaundromats,
  createStreamHealth,
  parseLiveEvent,
  retryDelayMs,
  withLiveSummary,
} from '../../src/live/live-events.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const summary = (washersFree: number, updatedAt: string): LiveSummary => ({
  washersFree,
  washersTotal: 12,
  dryersFree: null,
  dryersTotal: null,
  updatedAt,
  source: 'visitors',
});

/** Only what the live summary replaces matters here; the rest of a listing is left as it is. */
const listing = (id: string, live: LiveSummary | null) =>
  ({ id, name: `Wash ${id}`, live }) as unknown as Laundromat;

describe('which laundromats the live stream follows', () => {
  it('given the same laundromats in another order or twice, then it is the same stream', () => {
    expect(followedKey([B, A, A])).toBe(followedKey([A, B]));
    expect(followedKey([A, B])).toBe(`${A},${B}`);
  });

  it('given no detail open and no results, then nothing is followed', () => {
    expect(followedKey([null, undefined])).toBe('');
    expect(followedKey([])).toBe('');
  });

  it('given more laundromats than one stream takes, then the open detail and the first results are kept', () => {
    const many = Array.from({ length: 250 }, (_, index) => `id-${String(index).padStart(3, '0')}`);
    const followed = followedKey(['detail', ...many]).split(',');
    expect(followed).toHaveLength(maxFollowed);
    expect(followed).toContain('detail');
    expect(followed).toContain('id-000');
    expect(followed).not.toContain('id-249');
  });
});

describe('a live event in the cached answers', () => {
  const before = summary(5, '2026-11-28T12:00:00Z');
  const after = summary(3, '2026-11-28T12:05:00Z');

  it('given a results page holding the laundromat, then only its card gets the new summary', () => {
    const other = listing(B, null);
    const page = {
      data: { items: [listing(A, before), other], nextCursor: null },
      cached: false,
      cachedAt: null,
    };
    const updated = withLiveSummary(page, A, after);
    expect(updated).not.toBe(page);
    expect(updated.data.items[0]!.live).toEqual(after);
    expect(updated.data.items[1]).toBe(other);
    expect(page.data.items[0]!.live).toEqual(before);
  });

  it("given pages fetched with 'Show more' (kept in the cache, never fetched by it), then their cards get it too", () => {
    const client = new QueryClient();
    const more = {
      requestKey: '/api/laundromats?x#c1',
      items: [listing(B, null), listing(A, before)],
      nextCursor: null,
    };
    client.setQueryData(['/api/laundromats', 'more-pages'], more);

    applyLiveEvent(client, { laundromatId: A, live: after, computedAt: after.updatedAt, validUntil: null });

    const updated = client.getQueryData<typeof more>(['/api/laundromats', 'more-pages'])!;
    expect(updated.items[1]!.live).toEqual(after);
    expect(updated.items[0]).toBe(more.items[0]);
    expect(updated.requestKey).toBe(more.requestKey);
  });

  it('given one laundromat or a plain list (a map point), then its summary is replaced there too', () => {
    expect(withLiveSummary(listing(A, null), A, after).live).toEqual(after);
    expect(withLiveSummary([listing(A, before)], A, after)[0]!.live).toEqual(after);
  });

  it('given a state that ended (null), then the badge goes', () => {
    expect(withLiveSummary(listing(A, before), A, null).live).toBeNull();
  });

  it('given answers without the laundromat, the same summary, or an older one, then nothing changes', () => {
    const page = { data: { items: [listing(B, before)] }, cached: false };
    expect(withLiveSummary(page, A, after)).toBe(page);
    const same = listing(A, after);
    expect(withLiveSummary(same, A, { ...after })).toBe(same);
    expect(withLiveSummary(same, A, before)).toBe(same);
    const reviews = [{ id: A, rating: 5 }];
    expect(withLiveSummary(reviews, A, after)).toBe(reviews);
  });

  it('given the detail’s own live state and busyness, then they are not treated as listings', () => {
    expect(carriesLaundromats(['/api/laundromats', 'latitude=1&longitude=2'])).toBe(true);
    expect(carriesLaundromats([`/api/laundromats/${A}`])).toBe(true);
    expect(carriesLaundromats([`/api/laundromats/${A}/availability`])).toBe(false);
    expect(carriesLaundromats([`/api/laundromats/${A}/busyness`])).toBe(false);
    expect(carriesLaundromats(['session'])).toBe(false);
  });

  it('given a message that is not an availability event, then it is ignored', () => {
    const event = { laundromatId: A, live: after, validUntil: null, computedAt: '2026-11-28T12:05:00Z' };
    expect(parseLiveEvent(JSON.stringify(event))).toEqual(event);
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ laundromatId: A }))).toBeNull();
  });
});

describe('when the page stops relying on the stream', () => {
  const minute = 60_000;

  it('given one drop that the browser reconnects, then the stream is kept', () => {
    const health = createStreamHealth();
    expect(health.error(0, false)).toBe('keep');
    expect(health.error(10 * minute, false)).toBe('keep');
  });

  it('given drops again and again (a buffering proxy), then it falls back to reading on focus', () => {
    const health = createStreamHealth();
    expect(health.error(0, false)).toBe('keep');
    expect(health.error(20_000, false)).toBe('keep');
    expect(health.error(40_000, false)).toBe('fall-back');
  });

  it('given an event between drops, then the earlier drops are forgiven', () => {
    const health = createStreamHealth();
    health.error(0, false);
    health.error(20_000, false);
    health.event();
    expect(health.error(40_000, false)).toBe('keep');
  });

  it('given a stream the server refused (closed, not reconnecting), then it falls back at once', () => {
    expect(createStreamHealth().error(0, true)).toBe('fall-back');
  });

  it('given repeated failures, then the next try waits longer, at most ten minutes', () => {
    expect(retryDelayMs(1)).toBe(minute);
    expect(retryDelayMs(2)).toBe(2 * minute);
    expect(retryDelayMs(10)).toBe(10 * minute);
  });
});
