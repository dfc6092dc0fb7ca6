import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOverpassClient,
  OverpassError,
  type OverpassClientOptions,
} from '../../services/directory/src/infra/osm-sync/overpass-client.ts';
import { areaFromArguments, OVERPASS_USER_AGENT, syncOsm } from '../src/sync-osm.ts';
import { laundryNode, startOverpassStandIn, type OverpassStandIn } from './support/overpass-stand-in.ts';
import { createTestDb, type TestDb } from './support/test-db.ts';

let testDb: TestDb;
let upstream: OverpassStandIn;
const waits: number[] = [];

beforeAll(async () => {
  [testDb, upstream] = await Promise.all([createTestDb('sync_osm'), startOverpassStandIn()]);
});

afterAll(async () => {
  await Promise.all([testDb.drop(), upstream.close()]);
});

beforeEach(() => {
  upstream.queries.length = 0;
  upstream.misbehave.length = 0;
  waits.length = 0;
});

function client(options: Partial<OverpassClientOptions> = {}) {
  return createOverpassClient({
    url: upstream.url,
    userAgent: OVERPASS_USER_AGENT,
    attempts: 3,
    backoffMs: 1,
    timeoutMs: 2000,
    // Retry-After is recorded rather than slept through, so the test takes no minutes.
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });
}

/** A box of its own per test, so tests share one schema without seeing each other's laundromats. */
function box(south: number, west: number, side = 0.1) {
  return areaFromArguments({ bbox: `${south},${west},${south + side},${west + side}` });
}

async function rowsIn(south: number, west: number, side = 0.1) {
  return testDb.db.query<{
    ref: string;
    name: string;
    phone: string | null;
    status: string;
    upstream: Record<string, unknown> | null;
  }>(
    `SELECT source_ref AS ref, name, phone, status, upstream FROM laundromats
     WHERE source = 'osm' AND latitude BETWEEN $1 AND $1 + $3 AND longitude BETWEEN $2 AND $2 + $3
     ORDER BY source_ref`,
    [south, west, side],
  );
}

/** The history entries a sync wrote for one element, oldest first. */
async function historyOf(ref: string) {
  const rows = await testDb.db.query<{
    source: string;
    changes: { field: string; from: unknown; to: unknown }[];
  }>(
    `SELECT h.source, h.changes FROM laundromat_history h JOIN laundromats l ON l.id = h.laundromat_id
     WHERE l.source = 'osm' AND l.source_ref = $1 ORDER BY h.created_at, h.id`,
    [ref],
  );
  return rows.map((row) => ({ source: row.source, changes: row.changes }));
}

const syncTimes = () =>
  testDb.db.query<{ key: string; osmBase: Date }>(
    'SELECT area_key AS key, osm_base AS "osmBase" FROM osm_sync_areas ORDER BY area_key',
  );

describe('sync:osm against a stand-in Overpass server', () => {
  it('when an area is read the first time, then the real QL is sent politely and every laundry is added', async () => {
    upstream.put(laundryNode(101, 10.01, 20.01));
    upstream.put(laundryNode(102, 10.02, 20.02, { shop: 'dry_cleaning', name: 'Press Ltd' }));
    upstream.put({ type: 'way', id: 103, center: { lat: 10.03, lon: 20.03 }, tags: { shop: 'laundry' } });
    upstream.put({
      type: 'relation',
      id: 104,
      center: { lat: 10.04, lon: 20.04 },
      tags: { shop: 'laundry', name: 'Big' },
    });
    upstream.put(laundryNode(105, 10.05, 20.05, { shop: 'bakery' }));

    const summary = await syncOsm(testDb.db, box(10, 20), client());

    expect(summary).toMatchObject({ added: 4, updated: 0, closed: 0, unchanged: 0, incremental: false });
    expect(upstream.queries).toHaveLength(1);
    const [query] = upstream.queries;
    expect(query!.ql).toBe(
      '[out:json][timeout:50][bbox:10,20,10.1,20.1];\n(\n  nwr["shop"="laundry"];\n  nwr["shop"="dry_cleaning"];\n);\nout center;',
    );
    expect(query!.userAgent).toBe(OVERPASS_USER_AGENT);
    expect(query!.userAgent).toMatch(/laundromat-finder/);
    expect(query!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const rows = await rowsIn(10, 20);
    expect(rows.map((r) => [r.ref, r.name, r.status])).toEqual([
      ['node/101', 'Wash 101', 'approved'],
      ['node/102', 'Press Ltd', 'approved'],
      ['relation/104', 'Big', 'approved'],
      ['way/103', 'Laundromat', 'approved'],
    ]);
    expect((await syncTimes()).find((t) => t.key === 'bbox:10,20,10.1,20.1')?.osmBase.toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });

  it('when upstream changes, deletes, retags and adds, then a later run asks for changes and a full list, and applies them once', async () => {
    upstream.osmBase = '2026-11-01T00:00:00Z';
    for (let id = 201; id <= 206; id += 1) upstream.put(laundryNode(id, 11 + id / 10_000, 21.05));
    await syncOsm(testDb.db, box(11, 21), client());
    // A person's approved correction of 206's phone is kept by later syncs.
    await testDb.db.query(
      `UPDATE laundromats SET phone = '+33 9 99', locally_edited_fields = '{phone}' WHERE source_ref = 'node/206'`,
    );

    upstream.osmBase = '2026-11-02T00:00:00Z';
    const later = '2026-11-01T12:00:00Z';
    upstream.put(laundryNode(201, 11.0201, 21.05, { name: 'Renamed Wash' }), later);
    upstream.elements.delete('node/202');
    upstream.put(laundryNode(203, 11.0203, 21.05, { shop: 'cafe' }), later);
    upstream.put(laundryNode(206, 11.0206, 21.05, { phone: '+33 1 23 45' }), later);
    upstream.put(laundryNode(207, 11.0207, 21.05), later);
    upstream.queries.length = 0;

    const summary = await syncOsm(testDb.db, box(11, 21), client());

    expect(summary).toMatchObject({ added: 1, updated: 2, closed: 2, unchanged: 2, incremental: true });
    expect(upstream.queries.map((q) => q.ql.split('\n').at(-1))).toEqual(['out center;', 'out ids;']);
    expect(upstream.queries[0]!.ql).toContain('nwr["shop"="laundry"](newer:"2026-11-01T00:00:00Z");');
    expect(upstream.queries.every((q) => q.concurrent === 1)).toBe(true);
    const rows = await rowsIn(11, 21);
    expect(rows.map((r) => [r.ref, r.name, r.status])).toEqual([
      ['node/201', 'Renamed Wash', 'approved'],
      ['node/202', 'Wash 202', 'closed'],
      ['node/203', 'Wash 203', 'closed'],
      ['node/204', 'Wash 204', 'approved'],
      ['node/205', 'Wash 205', 'approved'],
      ['node/206', 'Wash 206', 'approved'],
      ['node/207', 'Wash 207', 'approved'],
    ]);
    const corrected = rows.find((r) => r.ref === 'node/206')!;
    expect(corrected.phone).toBe('+33 9 99');
    expect(corrected.upstream).toMatchObject({ phone: '+33 1 23 45' });
    // The detail's history says what the sync changed on the page, and nothing it left alone.
    expect(await historyOf('node/201')).toEqual([
      { source: 'osm', changes: [{ field: 'name', from: 'Wash 201', to: 'Renamed Wash' }] },
    ]);
    for (const gone of ['node/202', 'node/203']) {
      expect(await historyOf(gone)).toEqual([
        { source: 'osm', changes: [{ field: 'status', from: 'approved', to: 'closed' }] },
      ]);
    }
    expect(await historyOf('node/206')).toEqual([]);
    expect(await historyOf('node/204')).toEqual([]);

    // Nothing new upstream: a third run changes nothing and closes nothing more.
    const again = await syncOsm(testDb.db, box(11, 21), client());
    expect(again).toMatchObject({ added: 0, updated: 0, closed: 0, unchanged: 5 });
    const [{ count }] = (await testDb.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM laundromats WHERE source = 'osm' AND source_ref LIKE 'node/20_'`,
    )) as [{ count: number }];
    expect(count).toBe(7);
  });

  it('when hours and a pin were corrected here, then a sync keeps them and records what upstream says', async () => {
    upstream.osmBase = '2026-11-01T00:00:00Z';
    upstream.put(laundryNode(501, 14.05, 24.05));
    await syncOsm(testDb.db, box(14, 24), client());
    await testDb.db.query(
      `UPDATE laundromats SET opening_hours = '24/7', latitude = 14.051,
         location = ST_SetSRID(ST_MakePoint(24.05, 14.051), 4326)::geography,
         locally_edited_fields = '{openingHours,location}'
       WHERE source_ref = 'node/501'`,
    );
    upstream.osmBase = '2026-11-03T00:00:00Z';
    upstream.put(
      laundryNode(501, 14.06, 24.06, { opening_hours: 'Mo-Fr 08:00-18:00', name: 'Upstream Name' }),
      '2026-11-02T00:00:00Z',
    );

    expect(await syncOsm(testDb.db, box(14, 24), client())).toMatchObject({ updated: 1 });

    const [row] = await testDb.db.query<Record<string, unknown>>(
      `SELECT name, opening_hours, latitude, longitude, upstream FROM laundromats WHERE source_ref = 'node/501'`,
    );
    expect(row).toMatchObject({
      name: 'Upstream Name',
      opening_hours: '24/7',
      latitude: 14.051,
      longitude: 24.05,
    });
    expect(row!.upstream).toMatchObject({
      openingHours: 'Mo-Fr 08:00-18:00',
      latitude: 14.06,
      longitude: 24.06,
    });
    expect(await historyOf('node/501')).toEqual([
      { source: 'osm', changes: [{ field: 'name', from: 'Wash 501', to: 'Upstream Name' }] },
    ]);
  });

  it('when the server answers 429 with Retry-After, then the client waits that long and asks once more', async () => {
    upstream.put(laundryNode(301, 12.05, 22.05));
    upstream.misbehave.push({ kind: 'status', status: 429, retryAfter: '7' });

    const summary = await syncOsm(testDb.db, box(12, 22), client());

    expect(waits).toEqual([7000]);
    expect(upstream.queries).toHaveLength(2);
    expect(summary.added).toBe(1);
  });

  it.each([
    [
      '429 until the tries run out',
      { kind: 'status', status: 429, retryAfter: '1' } as const,
      /429 Too Many Requests/,
    ],
    ['a timeout', { kind: 'hang' } as const, /no complete answer within 1 s/],
    ['malformed JSON', { kind: 'body', body: '{"elements": [{"type": "node",' } as const, /not JSON/],
    [
      'a query stopped by the server',
      {
        kind: 'body',
        body: '{"elements": [], "remark": "runtime error: Query timed out in \\"query\\""}',
      } as const,
      /server stopped the query/,
    ],
  ])(
    'when every try meets %s, then the sync fails with a clear message and changes nothing',
    async (_name, trick, message) => {
      upstream.put(laundryNode(401, 13.05, 23.05));
      await syncOsm(testDb.db, box(13, 23), client());
      upstream.put(laundryNode(401, 13.05, 23.05, { name: 'Changed' }), '2026-12-01T00:00:00Z');
      upstream.put(laundryNode(402, 13.06, 23.06), '2026-12-01T00:00:00Z');
      const before = { rows: await rowsIn(13, 23), times: await syncTimes() };
      upstream.misbehave.push(trick, trick, trick);

      const failure = await syncOsm(testDb.db, box(13, 23), client({ timeoutMs: 1000, attempts: 2 })).catch(
        (err: unknown) => err,
      );

      expect(failure).toBeInstanceOf(OverpassError);
      expect((failure as Error).message).toMatch(/^Overpass query failed after 2 tries: /);
      expect((failure as Error).message).toMatch(message);
      expect(await rowsIn(13, 23)).toEqual(before.rows);
      expect(await syncTimes()).toEqual(before.times);
    },
  );

  it('when an area holds 20,000 laundries, then it is read tile by tile, one request at a time, and all are added', async () => {
    for (let i = 0; i < 20_000; i += 1)
      upstream.put(laundryNode(1_000_000 + i, 40 + (i % 200) / 100, -3 + Math.floor(i / 200) / 50));

    const tiles: number[] = [];
    const summary = await syncOsm(
      testDb.db,
      areaFromArguments({ bbox: '39.99,-3.01,42.01,-0.99' }),
      client(),
      { tileDegrees: 1.1, onTile: (done) => tiles.push(done) },
    );

    expect(summary).toMatchObject({ added: 20_000, closed: 0, tiles: 4 });
    expect(tiles).toEqual([1, 2, 3, 4]);
    expect(upstream.queries).toHaveLength(4);
    expect(upstream.queries.every((q) => q.concurrent === 1)).toBe(true);
  });
});

describe('sync:osm arguments', () => {
  it('when the box is not S,W,N,E, then the message shows what one looks like', () => {
    expect(() => areaFromArguments({ bbox: '48.9,2.25,48.8,2.42' })).toThrow(/south,west,north,east/);
    expect(() => areaFromArguments({})).toThrow(/usage: npm run sync:osm/);
  });

  it('when an area is named by its ISO code, then the offline gazetteer gives the box of its towns', () => {
    const france = areaFromArguments({ area: 'FR' });
    expect(france.key).toBe('country:FR');
    expect(france.bbox.south).toBeGreaterThan(41);
    expect(france.bbox.north).toBeLessThan(52);
    expect(france.keepTile?.({ south: 48, west: 2, north: 49, east: 3 })).toBe(true);
    expect(france.keepTile?.({ south: 45, west: -9, north: 46, east: -8 })).toBe(false);
  });
});
