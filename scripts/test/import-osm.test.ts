import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOsmFile } from '../src/import-osm.ts';
import { createTestDb, type TestDb } from './support/test-db.ts';

const OVERPASS = fileURLToPath(new URL('./fixtures/laundries.overpass.json', import.meta.url));
const GEOJSON = fileURLToPath(new URL('./fixtures/laundries.geojson', import.meta.url));

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb('import_osm');
});

afterAll(async () => {
  await testDb.drop();
});

async function stored(ref: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await testDb.db.query<Record<string, unknown>>(
    'SELECT * FROM laundromats WHERE source = $1 AND source_ref = $2',
    ['osm', ref],
  );
  return row;
}

const everyDay = (value: string) => ({
  monday: value,
  tuesday: value,
  wednesday: value,
  thursday: value,
  friday: value,
  saturday: value,
  sunday: value,
});

describe('import:osm', () => {
  it('when an Overpass extract is imported, then laundries are stored and the rest is skipped with reasons', async () => {
    const summary = await importOsmFile(testDb.db, OVERPASS);

    expect(summary).toMatchObject({
      read: 6,
      inserted: 4,
      updated: 0,
      skipped: { 'not a laundry or dry-cleaning shop': 1, 'no coordinates': 1 },
      unnamed: 1,
      hoursDropped: { 'unparsable opening_hours': 1 },
    });
  });

  it('when a node has address, hours, payment and access tags, then each maps to its column', async () => {
    expect(await stored('node/1001')).toMatchObject({
      name: 'Waschsalon Mitte',
      address: '12 Torstraße, 10119',
      city: 'Berlin',
      country: 'Germany',
      latitude: 52.52,
      longitude: 13.405,
      time_zone: 'Europe/Berlin',
      phone: '+49 30 5550100',
      website: 'https://example.com/waschsalon',
      hours: {
        monday: '7:00-22:00',
        tuesday: '7:00-22:00',
        wednesday: '7:00-22:00',
        thursday: '7:00-22:00',
        friday: '7:00-22:00',
        saturday: '8:00-20:00',
        sunday: 'closed',
      },
      accepts_coin: true,
      accepts_card: false,
      is_self_service: true,
      is_wheelchair_accessible: true,
      is_dry_cleaning: false,
      currency: 'EUR',
      status: 'approved',
      is_demo: false,
    });
  });

  it("when opening_hours is '24/7' and payment is by card, then every day is '24/7' and card and NFC are accepted", async () => {
    expect(await stored('node/1002')).toMatchObject({
      hours: everyDay('24/7'),
      accepts_coin: false,
      accepts_card: true,
      accepts_nfc: true,
      is_wash_and_fold: true,
      phone: '+1 212 555 0199',
      website: 'https://example.com/ev-wash',
      country: 'United States',
      currency: 'USD',
      time_zone: 'America/New_York',
    });
  });

  it('when a way is a dry cleaner, then it is placed at its centre as a staffed dry cleaner', async () => {
    expect(await stored('way/2001')).toMatchObject({
      name: 'Strand Dry Cleaners',
      latitude: 51.5074,
      longitude: -0.1278,
      is_dry_cleaning: true,
      is_self_service: false,
      currency: 'GBP',
      hours: { ...everyDay('8:00-18:00'), sunday: 'closed' },
    });
  });

  it('when a laundry has no name, no address and unreadable hours, then it gets a generic name, the nearest city and no hours', async () => {
    const row = await stored('node/1003');
    expect(row).toMatchObject({
      name: 'Laundromat',
      country: 'Japan',
      currency: 'JPY',
      hours: null,
      is_wash_and_fold: true,
      time_zone: 'Asia/Tokyo',
    });
    expect(row?.city).toEqual(expect.any(String));
  });

  it('when a GeoJSON extract is imported, then points and polygon centroids are stored and hours are reduced to one range a day', async () => {
    const summary = await importOsmFile(testDb.db, GEOJSON);

    expect(summary).toMatchObject({ read: 3, inserted: 2, updated: 0, skipped: { 'no coordinates': 1 } });
    expect(await stored('node/5001')).toMatchObject({
      name: 'Bondi Bubbles',
      currency: 'AUD',
      accepts_card: true,
      hours: { ...everyDay('8:00-18:00'), saturday: '9:00-13:00', sunday: 'closed' },
    });
    const polygon = await stored('way/6001');
    expect(polygon).toMatchObject({
      name: 'Night Owl Laundry',
      currency: 'CAD',
      hours: everyDay('6:00-24:00'),
    });
    expect(polygon?.latitude).toBeCloseTo(43.6534, 4);
    expect(polygon?.longitude).toBeCloseTo(-79.384, 4);
  });

  it('when the same extract is imported again, then its rows are updated and not duplicated', async () => {
    const summary = await importOsmFile(testDb.db, OVERPASS);

    expect(summary).toMatchObject({ inserted: 0, updated: 4 });
    const [counted] = await testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM laundromats WHERE source = 'osm'",
    );
    expect(counted?.n).toBe(6);
  });
});
