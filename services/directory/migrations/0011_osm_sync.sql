-- OpenStreetMap sync (npm run sync:osm). The sync respects fields corrected here: locally_edited_fields
-- (API field names) is added by the suggestions migration; repeated here idempotently so either may land first.
ALTER TABLE laundromats ADD COLUMN IF NOT EXISTS locally_edited_fields text[] NOT NULL DEFAULT '{}';
ALTER TABLE laundromats DROP CONSTRAINT IF EXISTS laundromats_status_check;
ALTER TABLE laundromats ADD CONSTRAINT laundromats_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'closed'));

-- What OpenStreetMap last said about the laundromat, as the mapped fields (API names). A field protected
-- locally keeps its value here while upstream's stays visible to an admin; an unchanged answer is not rewritten.
ALTER TABLE laundromats ADD COLUMN upstream jsonb;

-- One row per synced area: the Overpass osm_base timestamp of its last complete run, asked as newer:"…"
-- next time.
CREATE TABLE osm_sync_areas (
  area_key text PRIMARY KEY,
  south double precision NOT NULL,
  west double precision NOT NULL,
  north double precision NOT NULL,
  east double precision NOT NULL,
  osm_base timestamptz,
  synced_at timestamptz NOT NULL DEFAULT now(),
  summary jsonb
);

-- The full check of a tile closes the OSM rows inside it that upstream no longer lists.
CREATE INDEX laundromats_osm_position_idx ON laundromats (latitude, longitude) WHERE source = 'osm';
