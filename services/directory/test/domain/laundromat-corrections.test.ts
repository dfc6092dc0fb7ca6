import { describe, expect, it } from 'vitest';
import { shapeHistory, type StoredHistoryRow } from '../../src/domain/corrections/history.ts';
import {
  MERGED_ALREADY_MESSAGE,
  SURVIVOR_NOT_LISTED_MESSAGE,
  planMerge,
  type MergeCandidate,
} from '../../src/domain/corrections/merge-plan.ts';
import { upstreamDifferences } from '../../src/domain/corrections/upstream.ts';
import { decodeCursor } from '../../src/domain/page-cursor.ts';
import type { LaundromatRow } from '../../src/domain/laundromat-store.ts';

const entry = (id: string, source: string, changes: StoredHistoryRow['changes']): StoredHistoryRow => ({
  id,
  source,
  changes,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('shapeHistory', () => {
  it('keeps the changed fields, names unknown sources admin, and says when an older page exists', () => {
    const rows = [
      entry('a', 'suggestion', [
        { field: 'phone', from: '1', to: '2' },
        { field: 'duplicateOf', from: null, to: null },
      ]),
      entry('b', 'import', [{ field: 'website', from: undefined, to: 'https://x.example' }]),
      entry('c', 'owner', [{ field: 'phone', from: '0', to: '1' }]),
    ];
    const page = shapeHistory(rows, 2, 4);
    expect(page.items).toEqual([
      {
        id: 'a',
        source: 'suggestion',
        changes: [{ field: 'phone', from: '1', to: '2' }],
        createdAt: rows[0]!.createdAt,
      },
      {
        id: 'b',
        source: 'admin',
        changes: [{ field: 'website', from: null, to: 'https://x.example' }],
        createdAt: rows[1]!.createdAt,
      },
    ]);
    expect(decodeCursor(page.nextCursor!)).toBe(6);
  });

  it('drops an entry none of whose fields changed, and ends on the last page', () => {
    const page = shapeHistory([entry('a', 'osm', [{ field: 'hasWifi', from: true, to: true }])], 20, 0);
    expect(page).toEqual({ items: [], nextCursor: null });
  });

  it('never carries who made a change, even when the row read has it', () => {
    const row = { ...entry('a', 'suggestion', [{ field: 'phone', from: '1', to: '2' }]), changedById: 'u-1' };
    expect(JSON.stringify(shapeHistory([row], 20, 0))).not.toContain('u-1');
  });
});

const candidate = (overrides: Partial<MergeCandidate> = {}): MergeCandidate => ({
  id: 'x',
  status: 'approved',
  mergedIntoId: null,
  phone: null,
  website: null,
  openingHours: null,
  ...overrides,
});

describe('planMerge', () => {
  it('fills only what the survivor lacks', () => {
    const plan = planMerge(
      candidate({ id: 's', phone: '+1 555', website: '' }),
      candidate({ id: 'm', phone: '+1 777', website: 'https://m.example', openingHours: '24/7' }),
    );
    expect(plan).toEqual({
      ok: true,
      fill: [
        { field: 'website', from: null, to: 'https://m.example' },
        { field: 'openingHours', from: null, to: '24/7' },
      ],
    });
  });

  it('merges a pending submission (the add form duplicate) into a listed laundromat', () => {
    expect(planMerge(candidate({ id: 's' }), candidate({ id: 'm', status: 'pending' })).ok).toBe(true);
  });

  it.each([
    ['an unknown laundromat', undefined, candidate(), 404, 'Laundromat not found'],
    ['a merged one again', candidate(), candidate({ mergedIntoId: 'y' }), 409, MERGED_ALREADY_MESSAGE],
    ['into a merged survivor', candidate({ mergedIntoId: 'y' }), candidate(), 409, MERGED_ALREADY_MESSAGE],
    [
      'into an unlisted survivor',
      candidate({ status: 'closed' }),
      candidate(),
      409,
      SURVIVOR_NOT_LISTED_MESSAGE,
    ],
  ])('refuses %s', (_what, survivor, merged, status, message) => {
    expect(planMerge(survivor, merged)).toEqual({ ok: false, status, message });
  });
});

const row = (overrides: Record<string, unknown> = {}) =>
  ({
    id: 'l',
    name: 'Lavoir',
    latitude: 48.85,
    longitude: 2.35,
    timeZone: 'Europe/Paris',
    hours: null,
    openingHours: 'Mo-Su 08:00-20:00',
    country: 'FR',
    region: null,
    status: 'approved',
    submittedById: null,
    phone: '+33 1',
    washPriceSmall: 3.5,
    ...overrides,
  }) as LaundromatRow;

describe('upstreamDifferences', () => {
  it('lists kept fields upstream says otherwise, owner first, hours as openingHours', () => {
    const differences = upstreamDifferences({
      row: row(),
      upstream: {
        phone: '+33 2',
        openingHours: '24/7',
        washPriceSmall: '3.50',
        latitude: 48.86,
        longitude: 2.35,
      },
      correctedFields: ['phone', 'hours', 'openingHours', 'washPriceSmall', 'location', 'status'],
      ownerFields: ['phone'],
    });
    expect(differences).toEqual([
      {
        field: 'location',
        local: { latitude: 48.85, longitude: 2.35 },
        upstream: { latitude: 48.86, longitude: 2.35 },
        keptBy: 'correction',
      },
      { field: 'openingHours', local: 'Mo-Su 08:00-20:00', upstream: '24/7', keptBy: 'correction' },
      { field: 'phone', local: '+33 1', upstream: '+33 2', keptBy: 'owner' },
    ]);
  });

  it('has nothing to show for a laundromat OpenStreetMap never described', () => {
    expect(
      upstreamDifferences({ row: row(), upstream: null, correctedFields: ['phone'], ownerFields: [] }),
    ).toEqual([]);
  });
});
