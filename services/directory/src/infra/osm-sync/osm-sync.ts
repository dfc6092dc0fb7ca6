import type { Db } from '@laundry/platform/db';
import { insertLaundromats, type NewLaundromatRow } from '../laundromat-bulk-insert.ts';
import type { OverpassClient, OverpassElement } from './overpass-client.ts';
import { LAUNDRY_SHOPS, laundryQuery, splitIntoTiles, type BoundingBox } from './overpass-query.ts';

/** An element as a laundromat row, or why it is not one (the importer's mapping). */
export type MapElement = (
  element: OverpassElement,
) => { ok: true; row: NewLaundromatRow } | { ok: false; reason: string };

export interface OsmSyncArea {
  /** Names the area across runs: its last osm_base is stored under this key. */
  key: string;
  bbox: BoundingBox;
}

export interface OsmSyncOptions {
  /** Largest tile side in degrees. */
  tileDegrees?: number;
  /** Leaves out tiles known to hold nothing (a country's box over the sea). */
  keepTile?: (tile: BoundingBox) => boolean;
  timeoutSeconds?: number;
  batchSize?: number;
  onStart?: (tiles: number) => void;
  onTile?: (done: number) => void;
}

export interface OsmSyncSummary {
  added: number;
  updated: number;
  closed: number;
  unchanged: number;
  /** Elements that are not a usable laundromat (no position...), by reason. */
  skipped: Record<string, number>;
  tiles: number;
  /** True when the last run's timestamp was used (newer:"…"); false for a first, full run. */
  incremental: boolean;
  osmBase: string | undefined;
  seconds: number;
}

const ref = (element: OverpassElement) => `${element.type}/${element.id}`;

/** A listed element: an id alone (the full check) or one still tagged as a laundry or dry cleaner. */
function stillListed(element: OverpassElement): boolean {
  if (!element.tags) return true;
  return (LAUNDRY_SHOPS as readonly string[]).includes(element.tags.shop ?? '');
}

const earlier = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : Date.parse(a) <= Date.parse(b) ? a : b;

/**
 * Closes, inside one tile, the laundromats from OSM that its full check no longer lists (deleted or
 * retagged upstream). They are kept, with their reviews and favourites, and leave the search; their
 * history says OpenStreetMap closed them. One a person reopened or closed here keeps the status they gave.
 */
async function closeMissing(db: Db, tile: BoundingBox, present: ReadonlySet<string>): Promise<number> {
  const rows = await db.query(
    `WITH closed AS (
       UPDATE laundromats SET status = 'closed', updated_at = now()
       WHERE source = 'osm' AND status = 'approved'
         AND latitude BETWEEN $1 AND $3 AND longitude BETWEEN $2 AND $4
         -- NOT IN over a subquery is hashed: a tile's thousands of ids are not compared one by one.
         AND source_ref NOT IN (SELECT unnest($5::text[]))
         AND NOT ('status' = ANY(locally_edited_fields))
       RETURNING id
     )
     INSERT INTO laundromat_history (laundromat_id, source, changes)
     SELECT id, 'osm', '[{"field": "status", "from": "approved", "to": "closed"}]'::jsonb FROM closed
     RETURNING laundromat_id`,
    [tile.south, tile.west, tile.north, tile.east, [...present]],
  );
  return rows.length;
}

/**
 * Brings the laundromats of an area in step with OpenStreetMap, tile by tile. A first run reads every
 * element; a later one reads what changed since the stored osm_base (newer:"…") and the ids of every
 * element still there, and only that full list closes anything: a diff cannot tell a deletion from an
 * element that did not change. Each tile is written in one transaction after its answers have all arrived,
 * so a failed tile changes nothing, and the area's timestamp moves only when every tile succeeded.
 */
export async function syncOsmArea(
  db: Db,
  client: OverpassClient,
  area: OsmSyncArea,
  mapElement: MapElement,
  options: OsmSyncOptions = {},
): Promise<OsmSyncSummary> {
  const started = performance.now();
  const [stored] = await db.query<{ osmBase: Date | string | null; same: boolean }>(
    `SELECT osm_base AS "osmBase", (south, west, north, east) = ($2::float8, $3::float8, $4::float8, $5::float8) AS same
     FROM osm_sync_areas WHERE area_key = $1`,
    [area.key, area.bbox.south, area.bbox.west, area.bbox.north, area.bbox.east],
  );
  // A changed box has parts never read in full, so it starts over.
  const since =
    stored?.same && stored.osmBase
      ? new Date(stored.osmBase).toISOString().replace(/\.\d{3}Z$/, 'Z')
      : undefined;
  const keepTile = options.keepTile ?? (() => true);
  const tiles = splitIntoTiles(area.bbox, options.tileDegrees ?? 2).filter(keepTile);
  const summary: OsmSyncSummary = {
    added: 0,
    updated: 0,
    closed: 0,
    unchanged: 0,
    skipped: {},
    tiles: tiles.length,
    incremental: since !== undefined,
    osmBase: undefined,
    seconds: 0,
  };
  const listed = new Set<string>();
  let osmBase: string | undefined;
  options.onStart?.(tiles.length);
  const timeoutSeconds = options.timeoutSeconds;
  const read = async (tile: BoundingBox) => {
    const changed = await client.query(laundryQuery({ bbox: tile, newer: since, timeoutSeconds }));
    const check = since
      ? await client.query(laundryQuery({ bbox: tile, idsOnly: true, timeoutSeconds }))
      : changed;
    return { changed, check };
  };
  /** A tile's answers as rows to write and the refs its full check still lists. */
  const prepare = async (tile: BoundingBox) => {
    const { changed, check } = await read(tile);
    const present = new Set(check.elements.filter(stillListed).map(ref));
    const rows: NewLaundromatRow[] = [];
    const skipped: Record<string, number> = {};
    for (const element of changed.elements) {
      if (!stillListed(element)) {
        present.delete(ref(element));
        continue;
      }
      const mapped = mapElement(element);
      if (mapped.ok) {
        rows.push(mapped.row);
        present.add(ref(element));
      } else skipped[mapped.reason] = (skipped[mapped.reason] ?? 0) + 1;
    }
    return { osmBase: earlier(changed.osmBase, check.osmBase), present, rows, skipped };
  };
  // The next tile is asked for and mapped to rows while this one is written: still one request at a time
  // (the client queues them), but the database, the network and the mapping no longer wait for each
  // other. A failed read is thrown only when its turn comes, after the tiles before it are written.
  let preparing = tiles[0] ? prepare(tiles[0]) : undefined;
  for (const [index, tile] of tiles.entries()) {
    const { present, rows, skipped, ...answer } = await preparing!;
    const following = tiles[index + 1];
    preparing = following ? prepare(following) : undefined;
    preparing?.catch(() => undefined);
    osmBase = earlier(osmBase, answer.osmBase);
    for (const [reason, n] of Object.entries(skipped))
      summary.skipped[reason] = (summary.skipped[reason] ?? 0) + n;
    await db.tx(async (tx) => {
      const written = await insertLaundromats(tx, rows, {
        batchSize: options.batchSize ?? 2000,
        skipUnchanged: true,
        historySource: 'osm',
      });
      summary.added += written.inserted;
      summary.updated += written.updated;
      summary.closed += await closeMissing(tx, tile, present);
    });
    for (const element of present) listed.add(element);
    options.onTile?.(index + 1);
  }
  summary.unchanged = Math.max(0, listed.size - summary.added - summary.updated);
  summary.osmBase = osmBase;
  summary.seconds = (performance.now() - started) / 1000;
  const { seconds: _seconds, ...kept } = summary;
  await db.query(
    `INSERT INTO osm_sync_areas (area_key, south, west, north, east, osm_base, synced_at, summary)
     VALUES ($1, $2, $3, $4, $5, $6, now(), $7::jsonb)
     ON CONFLICT (area_key) DO UPDATE SET south = EXCLUDED.south, west = EXCLUDED.west,
       north = EXCLUDED.north, east = EXCLUDED.east,
       osm_base = COALESCE(EXCLUDED.osm_base, osm_sync_areas.osm_base), synced_at = now(), summary = EXCLUDED.summary`,
    [
      area.key,
      area.bbox.south,
      area.bbox.west,
      area.bbox.north,
      area.bbox.east,
      osmBase ?? null,
      JSON.stringify(kept),
    ],
  );
  return summary;
}
