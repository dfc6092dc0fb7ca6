import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryExportLicence, directoryExportSchema } from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { apiClient, signUp } from '../../../../test/support/session.ts';
import { fixture, insertFixtures, startDirectoryStack, type TestStack } from '../support/directory-stack.ts';

let stack: TestStack;
let admin: ReturnType<typeof apiClient>;
let ids: string[];

beforeAll(async () => {
  stack = await startDirectoryStack();
  admin = apiClient(stack.baseUrl, await signUpAdmin(stack));
  ids = await insertFixtures(stack, [
    fixture({
      latitude: 51.5,
      longitude: -0.12,
      name: 'Export from OSM',
      source: 'osm',
      openingHours: 'Mo-Su 07:00-22:00',
    }),
    fixture({ latitude: 48.85, longitude: 2.35, name: 'Export by a person', source: 'user' }),
    fixture({ latitude: 40.4, longitude: -3.7, name: 'Export waiting', source: 'user' }),
  ]);
  // A price kept to the cent, and one submission nobody has approved yet.
  await stack.directoryDb.query(
    `UPDATE laundromats SET wash_price_small = 3.10, currency = 'GBP' WHERE id = $1`,
    [ids[0]],
  );
  await stack.directoryDb.query(`UPDATE laundromats SET status = 'pending' WHERE id = $1`, [ids[2]]);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe("the directory's data export", () => {
  it('when an admin downloads it, then it is a GeoJSON file under the ODbL with the published laundromats', async () => {
    const response = await admin('/api/admin/export/laundromats');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="laundromats-odbl-\d{4}-\d{2}-\d{2}\.geojson"$/,
    );
    const file = directoryExportSchema.parse(await response.json());
    expect(file.license).toEqual(directoryExportLicence);
    const byId = new Map(file.features.map((feature) => [feature.id, feature]));
    const osm = byId.get(ids[0]!)!;
    expect(osm.geometry.coordinates).toEqual([-0.12, 51.5]);
    expect(osm.properties).toMatchObject({
      name: 'Export from OSM',
      source: 'osm',
      openingHours: 'Mo-Su 07:00-22:00',
      currency: 'GBP',
      status: 'approved',
    });
    expect(osm.properties.osmId).toEqual(expect.any(String));
    // Exact, as a decimal string: never a binary float.
    expect(osm.properties.prices.washPriceSmall).toBe('3.10');
    expect(byId.get(ids[1]!)?.properties).toMatchObject({ source: 'user', osmId: null });
    expect(byId.has(ids[2]!)).toBe(false);
  });

  it('when someone who is not an admin asks, then 401 or 403 and no data', async () => {
    const anonymous = await fetch(`${stack.baseUrl}/api/admin/export/laundromats`);
    const person = await apiClient(
      stack.baseUrl,
      await signUp(stack.baseUrl),
    )('/api/admin/export/laundromats');

    expect(anonymous.status).toBe(401);
    expect(person.status).toBe(403);
    expect(await person.text()).not.toContain('Export from OSM');
  });
});
