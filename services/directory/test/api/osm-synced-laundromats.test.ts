import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  laundromatListResponseSchema,
  laundromatSchema,
  type Laundromat,
  type LaundromatListResponse,
} from '@laundry/contracts';
import { OVERPASS_USER_AGENT, areaFromArguments, syncOsm } from '../../../../scripts/src/sync-osm.ts';
import {
  laundryNode,
  startOverpassStandIn,
  type OverpassStandIn,
} from '../../../../scripts/test/support/overpass-stand-in.ts';
import { createOverpassClient } from '../../src/infra/osm-sync/overpass-client.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let upstream: OverpassStandIn;
const area = areaFromArguments({ bbox: '-33.9,151.15,-33.85,151.25' });

const sync = () =>
  syncOsm(
    stack.directoryDb,
    area,
    createOverpassClient({ url: upstream.url, userAgent: OVERPASS_USER_AGENT }),
  );

async function idOf(ref: string): Promise<string> {
  const [row] = await stack.directoryDb.query<{ id: string }>(
    `SELECT id FROM laundromats WHERE source = 'osm' AND source_ref = $1`,
    [ref],
  );
  return row!.id;
}

const near = () =>
  getJson<LaundromatListResponse>(stack, '/api/laundromats?latitude=-33.87&longitude=151.2&limit=10');

beforeAll(async () => {
  [stack, upstream] = await Promise.all([startDirectoryStack(), startOverpassStandIn()]);
  upstream.put(laundryNode(9001, -33.871, 151.201, { name: 'Harbour Suds' }));
  upstream.put(laundryNode(9002, -33.872, 151.202, { name: 'Quay Wash' }));
  await insertFixtures(stack, [fixture({ name: 'Added Here', latitude: -33.873, longitude: 151.203 })]);
  await sync();
});

afterAll(async () => {
  await Promise.all([stack?.stop(), upstream?.close()]);
});

describe('laundromats synced from OpenStreetMap in the API', () => {
  it('when a laundromat comes from OSM, then its answer names the source and the OSM element', async () => {
    const { status, body } = await getJson<Laundromat>(stack, `/api/laundromats/${await idOf('node/9001')}`);

    expect(status).toBe(200);
    expect(laundromatSchema.parse(body)).toMatchObject({
      name: 'Harbour Suds',
      source: 'osm',
      osmId: 'node/9001',
      status: 'approved',
    });
    const list = laundromatListResponseSchema.parse((await near()).body);
    expect(list.items.find((item) => item.name === 'Added Here')).toMatchObject({
      source: 'user',
      osmId: null,
    });
  });

  it('when an element is gone upstream, then it is closed: answered by id, left out of the search', async () => {
    upstream.elements.delete('node/9002');
    upstream.osmBase = '2026-11-05T00:00:00Z';

    const summary = await sync();

    expect(summary).toMatchObject({ closed: 1, unchanged: 1 });
    const closed = await getJson<Laundromat>(stack, `/api/laundromats/${await idOf('node/9002')}`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ name: 'Quay Wash', status: 'closed', source: 'osm' });
    const names = (await near()).body.items.map((item) => item.name).sort();
    expect(names).toEqual(['Added Here', 'Harbour Suds']);
  });
});
