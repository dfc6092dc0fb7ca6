import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@laundry/platform';
import { createMemoryQueue } from '@laundry/platform/jobs';
import { createTestDb, type TestDb } from '../../../../scripts/test/support/test-db.ts';
import {
  laundryNode,
  startOverpassStandIn,
  type OverpassStandIn,
} from '../../../../scripts/test/support/overpass-stand-in.ts';
import { directoryConfigSchema } from '../../src/config.ts';
import { createOverpassClient, OVERPASS_USER_AGENT } from '../../src/infra/osm-sync/overpass-client.ts';
import { osmSyncJob, type OsmSyncJob } from '../../src/jobs/osm-sync.job.ts';

let testDb: TestDb;
let upstream: OverpassStandIn;

beforeAll(async () => {
  [testDb, upstream] = await Promise.all([createTestDb('osm_sync_job'), startOverpassStandIn()]);
});

afterAll(async () => {
  await Promise.all([testDb.drop(), upstream.close()]);
});

describe('the scheduled OpenStreetMap sync', () => {
  it('when areas are configured, then each is synced on its schedule, one request at a time', async () => {
    upstream.put(laundryNode(7001, 52.51, 13.41));
    upstream.put(laundryNode(7002, 52.52, 13.42, { shop: 'dry_cleaning' }));
    const queue = createMemoryQueue<OsmSyncJob>({ name: 'osm-sync-test', backoffMs: 5 });
    const job = osmSyncJob(
      {
        db: testDb.db,
        queue,
        logger: createLogger('test', 'silent'),
        client: createOverpassClient({ url: upstream.url, userAgent: OVERPASS_USER_AGENT }),
      },
      ['52.5,13.4,52.55,13.45', '52.5,13.35,52.55,13.4'],
      40,
    );

    await job.start();
    await expect
      .poll(async () => (await testDb.db.query('SELECT area_key FROM osm_sync_areas')).length, {
        timeout: 10_000,
      })
      .toBe(2);
    await job.stop();
    await queue.close();

    const rows = await testDb.db.query<{ ref: string }>(
      `SELECT source_ref AS ref FROM laundromats WHERE source = 'osm' ORDER BY source_ref`,
    );
    expect(rows.map((r) => r.ref)).toEqual(['node/7001', 'node/7002']);
    expect(upstream.queries.every((q) => q.concurrent === 1)).toBe(true);
  });

  it('when the settings are read, then areas split on semicolons and the interval takes a unit', () => {
    const shape = directoryConfigSchema.shape;
    expect(shape.OSM_SYNC_AREAS.parse('FR; Austin, Texas ;45.70,4.77,45.81,4.90')).toEqual([
      'FR',
      'Austin, Texas',
      '45.70,4.77,45.81,4.90',
    ]);
    expect(shape.OSM_SYNC_AREAS.parse(undefined)).toEqual([]);
    expect(shape.OSM_SYNC_INTERVAL.parse('6h')).toBe(6 * 3_600_000);
    expect(shape.OSM_SYNC_INTERVAL.parse(undefined)).toBe(86_400_000);
    expect(() => shape.OSM_SYNC_INTERVAL.parse('often')).toThrow(/a number and a unit/);
  });
});
