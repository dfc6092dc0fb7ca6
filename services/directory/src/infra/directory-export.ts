import type { Db } from '@laundry/platform/db';
import { directoryExportLicence, type DirectoryExport } from '@laundry/contracts';
import { isoInstant, priceColumn, priceFields } from './laundromat-columns.ts';

type Feature = DirectoryExport['features'][number];

interface ExportRow {
  id: string;
  name: string;
  address: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  openingHours: string | null;
  phone: string | null;
  website: string | null;
  currency: string | null;
  prices: Record<string, string | null>;
  source: string;
  osmId: string | null;
  status: string;
  updatedAt: string;
}

/** Published laundromats only: a pending or rejected submission is nobody's to hand on. */
const exportSql = (batch: number) => `
  SELECT id, name, address, coalesce(city, '') AS city, coalesce(country, '') AS country,
         latitude, longitude, opening_hours AS "openingHours", phone, website, currency,
         json_build_object(${priceFields.map((field) => `'${field}', ${priceColumn(field)}::text`).join(', ')})
           AS prices,
         CASE WHEN source IN ('osm', 'owner', 'demo') THEN source ELSE 'user' END AS source,
         CASE WHEN source = 'osm' THEN source_ref END AS "osmId",
         status, ${isoInstant('updated_at')} AS "updatedAt"
    FROM laundromats
   WHERE status IN ('approved', 'closed') AND id > $1
   ORDER BY id
   LIMIT ${batch}`;

const toFeature = (row: ExportRow): Feature => ({
  type: 'Feature',
  id: row.id,
  geometry: { type: 'Point', coordinates: [Number(row.longitude), Number(row.latitude)] },
  properties: {
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    openingHours: row.openingHours,
    phone: row.phone,
    website: row.website,
    currency: row.currency,
    prices: row.prices,
    source: row.source,
    osmId: row.osmId,
    status: row.status,
    updatedAt: row.updatedAt,
  },
});

/**
 * The export as GeoJSON text, in pieces: a batch of rows at a time by id, so a directory of a million
 * laundromats is written without being held in memory. The licence leads the file, where a reader meets it.
 */
export async function* directoryExportChunks(db: Db, now: Date, batch = 1000): AsyncGenerator<string> {
  yield (
    `{"type":"FeatureCollection","license":${JSON.stringify(directoryExportLicence)},` +
    `"generatedAt":${JSON.stringify(now.toISOString())},"features":[`
  );
  let after = '00000000-0000-0000-0000-000000000000';
  let first = true;
  for (;;) {
    const rows = await db.query<ExportRow>(exportSql(batch), [after]);
    for (const row of rows) {
      yield (first ? '' : ',') + JSON.stringify(toFeature(row));
      first = false;
    }
    if (rows.length < batch) break;
    after = rows[rows.length - 1]!.id;
  }
  yield ']}';
}
