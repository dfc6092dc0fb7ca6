import { describe, expect, it } from 'vitest';
import type { OwnerFeedKey } from '@laundry/contracts';
import {
  createKeyRequest,
  feedSummary,
  formatInstant,
  keyName,
  keyState,
  keyStatus,
  machineFeedExample,
  outOfOrderRows,
} from '../../src/domain/machine-feed.ts';
import { english } from '../support/english.ts';

const key = (change: Partial<OwnerFeedKey>): OwnerFeedKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  label: 'Payment system',
  createdAt: '2026-11-01T10:00:00.000Z',
  revokedAt: null,
  active: true,
  lastMessageAt: null,
  healthy: false,
  ...change,
});

const at = '2026-11-29T08:05:00.000Z';

describe('the feed as a whole', () => {
  it('when it was never heard, then it says so and how to connect', () => {
    const summary = feedSummary({ feed: 'none', lastMessageAt: null }, 'en');
    expect(summary.tone).toBe('neutral');
    expect(english(summary.label)).toBe('Not connected');
    expect(english(summary.text)).toMatch(/^No machine has reported yet/);
  });

  it('when it was heard within 15 minutes, then it is live with the last message in the reader’s locale', () => {
    const summary = feedSummary({ feed: 'healthy', lastMessageAt: at }, 'en');
    expect(summary.tone).toBe('open');
    expect(english(summary.label)).toBe('Live');
    expect(english(summary.text)).toBe(`Last message ${formatInstant(at, 'en')}`);
  });

  it('when it went silent, then it is stale, with the minutes that make it so', () => {
    const summary = feedSummary({ feed: 'stale', lastMessageAt: at }, 'fr');
    expect(summary.tone).toBe('danger');
    expect(summary.text.values).toEqual({ time: formatInstant(at, 'fr'), minutes: 15 });
  });
});

describe('a key’s state', () => {
  it.each([
    [{}, 'unused'],
    [{ lastMessageAt: at, healthy: true }, 'receiving'],
    [{ lastMessageAt: at, healthy: false }, 'silent'],
    [{ revokedAt: '2026-11-29T09:05:00.000Z', lastMessageAt: at, healthy: true }, 'ending'],
    [{ revokedAt: at, active: false, lastMessageAt: at }, 'revoked'],
  ] as const)('when the key is %j, then it is %s', (change, state) => {
    expect(keyState(key(change))).toBe(state);
  });

  it('when a key is active, then it may be rotated and revoked', () => {
    expect(keyStatus(key({}), 'en')).toMatchObject({ canRotate: true, canRevoke: true, tone: 'neutral' });
  });

  it('when a key was rotated, then it says until when it works, and may only be revoked', () => {
    const status = keyStatus(key({ revokedAt: '2026-11-29T09:05:00.000Z' }), 'en');
    expect(status).toMatchObject({ state: 'ending', canRotate: false, canRevoke: true });
    expect(english(status.text)).toBe(`Works until ${formatInstant('2026-11-29T09:05:00.000Z', 'en')}`);
  });

  it('when a key is revoked, then nothing can be done with it', () => {
    const status = keyStatus(key({ revokedAt: at, active: false }), 'en');
    expect(status).toMatchObject({ canRotate: false, canRevoke: false, tone: 'outline' });
    expect(english(status.text)).toBe(`Revoked ${formatInstant(at, 'en')}`);
  });

  it('when a key has no label, then it is named by when it was made', () => {
    expect(english(keyName(key({}), 'en'))).toBe('Payment system');
    expect(english(keyName(key({ label: null }), 'en'))).toBe(
      `key of ${formatInstant('2026-11-01T10:00:00.000Z', 'en')}`,
    );
  });
});

describe('a new key’s label', () => {
  it('when it is blank, then the key is made without one', () => {
    expect(createKeyRequest('   ')).toEqual({ ok: true, body: {} });
  });

  it('when it is given, then it is sent trimmed', () => {
    expect(createKeyRequest('  Payment system ')).toEqual({ ok: true, body: { label: 'Payment system' } });
  });

  it('when it is longer than the contract allows, then it is refused with the limit', () => {
    const check = createKeyRequest('x'.repeat(101));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(english(check.error)).toBe('The label may be at most 100 characters.');
  });
});

describe('the how-to', () => {
  it('when a key is shown, then the example posts to the feed with it as a bearer token', () => {
    const example = machineFeedExample('https://finder.example', 'lfk_abc');
    expect(example).toContain('curl -X POST https://finder.example/api/feeds/machines');
    expect(example).toContain("-H 'Authorization: Bearer lfk_abc'");
    const body = /-d '(.*)'$/.exec(example)?.[1];
    expect(JSON.parse(body ?? '')).toEqual({
      machines: [{ machineId: 'W1', type: 'washer', capacityKg: 8, status: 'available' }],
    });
  });
});

describe('what visitors reported broken', () => {
  it('when nothing is, then there is nothing to list', () => {
    expect(outOfOrderRows(undefined, 'en')).toBeNull();
    expect(outOfOrderRows({ laundromatId: 'x', current: null }, 'en')).toBeNull();
  });

  it('when machines are, then their counts and when', () => {
    const rows = outOfOrderRows(
      { laundromatId: 'x', current: { washers: 2, dryers: 1, reportedAt: at } },
      'en',
    );
    expect(rows).toMatchObject({ washers: 2, dryers: 1 });
    expect(english(rows!.when)).toBe(
      `Visitors reported these machines out of order on ${formatInstant(at, 'en')}.`,
    );
  });
});
