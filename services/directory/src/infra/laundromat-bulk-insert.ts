import tzlookup from '@photostructure/tz-lookup';
import type { Hours } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { openingHoursFromWeekly } from '../domain/osm-hours/from-weekly.ts';

/** One laundromat as a bulk source (seed, OSM import) provides it; omitted fields take the table defaults. */
export interface NewLaundromatRow {
  name: string;
  address?: string;
  city?: string | null;
  country?: string | null;
  latitude: number;
  longitude: number;
  /** IANA zone; looked up from the coordinates when omitted. */
  timeZone?: string;
  phone?: string | null;
  website?: string | null;
  hours?: Hours | null;
  /** The OSM opening_hours value the open status is read from. */
  openingHours?: string | null;
  /** The region (state), for regional public holidays. */
  region?: string | null;
  isWashAndFold?: boolean;
  isDryCleaning?: boolean;
  isSelfService?: boolean;
  acceptsCoin?: boolean;
  acceptsCard?: boolean;
  acceptsNfc?: boolean;
  hasChangeMachine?: boolean;
  hasDetergentVending?: boolean;
  hasWifi?: boolean;
  hasSeating?: boolean;
  hasFoldingTables?: boolean;
  hasRestroom?: boolean;
  hasParking?: boolean;
  hasAc?: boolean;
  isWheelchairAccessible?: boolean;
  isWellLit?: boolean;
  hasStaff?: boolean;
  hasCctv?: boolean;
  hasBigDrums?: boolean;
  hasHotWater?: boolean;
  numWashers?: number | null;
  numDryers?: number | null;
  washPriceSmall?: number | null;
  washPriceLarge?: number | null;
  dryPrice15min?: number | null;
  dryPrice30min?: number | null;
  detergentPrice?: number | null;
  currency?: string;
  averageRating?: number;
  totalReviews?: number;
  priceScore?: number | null;
  safetyScore?: number | null;
  cleanlinessScore?: number | null;
  reliabilityScore?: number | null;
  accessibilityScore?: number | null;
  submittedById?: string | null;
  status?: 'pending' | 'approved' | 'rejected';
  isVerified?: boolean;
  isActive?: boolean;
  isDemo?: boolean;
  source?: string;
  /** The row's id in its source; rows with one are upserted on (source, sourceRef). */
  sourceRef?: string | null;
}

export interface InsertLaundromatsOptions {
  batchSize?: number;
  onProgress?: (done: number) => void;
  /**
   * Leaves a row whose upstream answer is the same as last time untouched (not counted as updated), so a
   * sync that re-reads a whole area rewrites only what changed.
   */
  skipUnchanged?: boolean;
  /**
   * Writes a laundromat history entry under this source ('osm') for each existing row the batch changed,
   * with the fields whose value changed: the detail's history says what a sync did to the page.
   */
  historySource?: string;
}

export interface InsertLaundromatsResult {
  inserted: number;
  updated: number;
}

/**
 * How a re-import treats a column: 'source' columns take the new value, 'keep' columns keep a value
 * the new row lacks (a price learnt from photos survives an import that has none), and 'insert' columns
 * are written only once, because later changes to them (ratings from reviews, moderation) are ours.
 */
type OnConflict = 'source' | 'keep' | 'insert';

interface Column {
  name: string;
  type: 'text' | 'float8' | 'int4' | 'bool' | 'numeric';
  value: (row: NewLaundromatRow) => unknown;
  onConflict: OnConflict;
}

const text = (name: string, value: Column['value'], onConflict: OnConflict = 'source'): Column => ({
  name,
  type: 'text',
  value,
  onConflict,
});
const bool = (
  name: string,
  value: (row: NewLaundromatRow) => boolean | undefined,
  fallback: boolean,
  onConflict: OnConflict = 'source',
): Column => ({
  name,
  type: 'bool',
  value: (row) => value(row) ?? fallback,
  onConflict,
});
const num = (
  name: string,
  type: Column['type'],
  value: Column['value'],
  onConflict: OnConflict = 'keep',
): Column => ({
  name,
  type,
  value,
  onConflict,
});

/**
 * What OpenStreetMap says about the row, in API field names, kept in the upstream column: an admin sees it
 * beside a value corrected here, and an unchanged answer is recognised. Null for rows from other sources.
 */
function upstreamOf(row: NewLaundromatRow): string | null {
  if (row.source !== 'osm') return null;
  const { source: _source, sourceRef: _ref, status: _status, isDemo: _demo, ...fields } = row;
  return JSON.stringify(fields);
}

/**
 * The API field names (as locally_edited_fields and owner_fields list them) that protect a column from being overwritten
 * by a source: a person's approved correction or an owner's value wins over a later import or sync.
 */
function protectingFields(column: string): string[] {
  if (['latitude', 'longitude', 'time_zone', 'location'].includes(column)) return ['location'];
  if (column === 'hours' || column === 'opening_hours') return ['openingHours', 'hours'];
  return [column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())];
}

const unlessProtected = (column: string, value: string) =>
  `CASE WHEN (laundromats.locally_edited_fields || laundromats.owner_fields) && ARRAY[${protectingFields(
    column,
  )
    .map((field) => `'${field}'`)
    .join(', ')}]::text[] THEN laundromats.${column} ELSE ${value} END`;

const COLUMNS: readonly Column[] = [
  text('name', (r) => r.name),
  text('address', (r) => r.address ?? ''),
  text('city', (r) => r.city ?? null),
  text('country', (r) => r.country ?? null),
  num('latitude', 'float8', (r) => r.latitude, 'source'),
  num('longitude', 'float8', (r) => r.longitude, 'source'),
  text('time_zone', (r) => r.timeZone ?? tzlookup(r.latitude, r.longitude)),
  text('phone', (r) => r.phone ?? null, 'keep'),
  text('website', (r) => r.website ?? null, 'keep'),
  text('hours', (r) => (r.hours ? JSON.stringify(r.hours) : null), 'keep'),
  text('opening_hours', (r) => r.openingHours ?? openingHoursFromWeekly(r.hours), 'keep'),
  text('region', (r) => r.region ?? null, 'keep'),
  bool('is_wash_and_fold', (r) => r.isWashAndFold, false),
  bool('is_dry_cleaning', (r) => r.isDryCleaning, false),
  bool('is_self_service', (r) => r.isSelfService, true),
  bool('accepts_coin', (r) => r.acceptsCoin, true),
  bool('accepts_card', (r) => r.acceptsCard, false),
  bool('accepts_nfc', (r) => r.acceptsNfc, false),
  bool('has_change_machine', (r) => r.hasChangeMachine, false),
  bool('has_detergent_vending', (r) => r.hasDetergentVending, false),
  bool('has_wifi', (r) => r.hasWifi, false),
  bool('has_seating', (r) => r.hasSeating, false),
  bool('has_folding_tables', (r) => r.hasFoldingTables, false),
  bool('has_restroom', (r) => r.hasRestroom, false),
  bool('has_parking', (r) => r.hasParking, false),
  bool('has_ac', (r) => r.hasAc, false),
  bool('is_wheelchair_accessible', (r) => r.isWheelchairAccessible, false),
  bool('is_well_lit', (r) => r.isWellLit, false),
  bool('has_staff', (r) => r.hasStaff, false),
  bool('has_cctv', (r) => r.hasCctv, false),
  bool('has_big_drums', (r) => r.hasBigDrums, false),
  bool('has_hot_water', (r) => r.hasHotWater, false),
  num('num_washers', 'int4', (r) => r.numWashers ?? null),
  num('num_dryers', 'int4', (r) => r.numDryers ?? null),
  num('wash_price_small', 'numeric', (r) => r.washPriceSmall ?? null),
  num('wash_price_large', 'numeric', (r) => r.washPriceLarge ?? null),
  num('dry_price_15min', 'numeric', (r) => r.dryPrice15min ?? null),
  num('dry_price_30min', 'numeric', (r) => r.dryPrice30min ?? null),
  num('detergent_price', 'numeric', (r) => r.detergentPrice ?? null),
  text('currency', (r) => r.currency ?? 'USD'),
  num('average_rating', 'numeric', (r) => r.averageRating ?? 0, 'insert'),
  num('total_reviews', 'int4', (r) => r.totalReviews ?? 0, 'insert'),
  num('price_score', 'numeric', (r) => r.priceScore ?? null, 'insert'),
  num('safety_score', 'numeric', (r) => r.safetyScore ?? null, 'insert'),
  num('cleanliness_score', 'numeric', (r) => r.cleanlinessScore ?? null, 'insert'),
  num('reliability_score', 'numeric', (r) => r.reliabilityScore ?? null, 'insert'),
  num('accessibility_score', 'numeric', (r) => r.accessibilityScore ?? null, 'insert'),
  text('submitted_by_id', (r) => r.submittedById ?? null, 'insert'),
  text('status', (r) => r.status ?? 'approved', 'insert'),
  // Verification and deactivation are moderation decisions once the row exists.
  bool('is_verified', (r) => r.isVerified, false, 'insert'),
  bool('is_active', (r) => r.isActive, true, 'insert'),
  bool('is_demo', (r) => r.isDemo, false),
  text('source', (r) => r.source ?? 'user', 'insert'),
  text('source_ref', (r) => r.sourceRef ?? null, 'insert'),
  text('upstream', upstreamOf),
];

/** The value as the table stores it, so the SELECT list can cast it (hours is JSON text → jsonb). */
function selectExpression(column: Column, index: number): string {
  if (column.name === 'hours' || column.name === 'upstream') return `(c${index})::jsonb`;
  return `c${index}`;
}

function updateExpression(column: Column): string | undefined {
  if (column.onConflict === 'insert') return undefined;
  // Upstream is always recorded, protected or not: that is where an admin reads what the source says.
  if (column.name === 'upstream' || column.name === 'is_demo')
    return `${column.name} = EXCLUDED.${column.name}`;
  if (column.onConflict === 'keep')
    return `${column.name} = ${unlessProtected(column.name, `COALESCE(EXCLUDED.${column.name}, laundromats.${column.name})`)}`;
  return `${column.name} = ${unlessProtected(column.name, `EXCLUDED.${column.name}`)}`;
}

/**
 * A row closed because its source no longer listed it opens again when the source lists it again; one a
 * person closed here ('status' edited locally) stays closed.
 */
const REOPENS = `laundromats.status = 'closed' AND EXCLUDED.upstream IS NOT NULL
    AND NOT ('status' = ANY(laundromats.locally_edited_fields))`;

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The fields a history entry compares, in API names, as one jsonb object read from the row under `table`:
 * what a reader of the page sees change (a protected field a sync leaves alone never shows as changed).
 * Under 50 pairs, the most jsonb_build_object takes.
 */
function trackedFields(table: string): string {
  const plain = [
    'name',
    'address',
    'city',
    'phone',
    'website',
    'opening_hours',
    'status',
    'num_washers',
    'num_dryers',
    ...COLUMNS.filter((c) => c.type === 'numeric' && c.onConflict === 'keep').map((c) => c.name),
    ...COLUMNS.filter((c) => c.type === 'bool' && c.onConflict === 'source' && c.name !== 'is_demo').map(
      (c) => c.name,
    ),
  ];
  const pairs = plain.map((column) => `'${camelCase(column)}', ${table}.${column}`);
  pairs.push(
    `'location', jsonb_build_object('latitude', ${table}.latitude, 'longitude', ${table}.longitude)`,
  );
  return `jsonb_build_object(${pairs.join(', ')})`;
}

const insertSql = (skipUnchanged: boolean, historySource?: string) => {
  const names = COLUMNS.map((c) => c.name);
  const unnestArgs = COLUMNS.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const aliases = COLUMNS.map((_, i) => `c${i}`).join(', ');
  const selectList = COLUMNS.map((c, i) => selectExpression(c, i)).join(', ');
  const lonIndex = COLUMNS.findIndex((c) => c.name === 'longitude');
  const latIndex = COLUMNS.findIndex((c) => c.name === 'latitude');
  const updates = COLUMNS.map(updateExpression).filter((u): u is string => u !== undefined);
  const sourceIndex = COLUMNS.findIndex((c) => c.name === 'source');
  const refIndex = COLUMNS.findIndex((c) => c.name === 'source_ref');
  // Every part of one statement sees the table as it was before it: 'old' holds the rows as they were.
  const history = historySource
    ? {
        before: `old AS (
  SELECT l.id, ${trackedFields('l')} AS fields FROM laundromats l
  WHERE (l.source, l.source_ref) IN (
    SELECT s, r FROM unnest($${sourceIndex + 1}::text[], $${refIndex + 1}::text[]) AS refs(s, r) WHERE r IS NOT NULL)
),
`,
        returning: `, id, ${trackedFields('laundromats')} AS fields`,
        after: `,
history AS (
  INSERT INTO laundromat_history (laundromat_id, source, changes)
  SELECT w.id, '${historySource}', d.changes FROM written w JOIN old o ON o.id = w.id
  CROSS JOIN LATERAL (
    SELECT jsonb_agg(jsonb_build_object('field', k, 'from', o.fields -> k, 'to', w.fields -> k) ORDER BY k) AS changes
    FROM jsonb_object_keys(w.fields) AS k WHERE (o.fields -> k) IS DISTINCT FROM (w.fields -> k)
  ) d
  WHERE NOT w.inserted AND d.changes IS NOT NULL
)`,
      }
    : { before: '', returning: '', after: '' };
  return `
WITH ${history.before}written AS (
  INSERT INTO laundromats (${names.join(', ')}, location)
  SELECT ${selectList}, ST_SetSRID(ST_MakePoint(c${lonIndex}, c${latIndex}), 4326)::geography
  FROM unnest(${unnestArgs}) AS input(${aliases})
  ON CONFLICT (source, source_ref) WHERE source_ref IS NOT NULL DO UPDATE SET
    ${[
      ...updates,
      `location = ${unlessProtected('location', 'EXCLUDED.location')}`,
      `status = CASE WHEN ${REOPENS} THEN 'approved' ELSE laundromats.status END`,
      'updated_at = now()',
    ].join(',\n    ')}
  ${
    skipUnchanged
      ? `WHERE EXCLUDED.upstream IS NULL OR laundromats.upstream IS DISTINCT FROM EXCLUDED.upstream OR (${REOPENS})`
      : ''
  }
  RETURNING (xmax = 0) AS inserted${history.returning}
)${history.after}
SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated
FROM written`;
};
const statements = new Map<string, string>();
/** The statement for these options, built once. */
function statementFor(skipUnchanged: boolean, historySource: string | undefined): string {
  if (historySource !== undefined && !/^[a-z]+$/.test(historySource)) throw new Error('bad history source');
  const key = `${skipUnchanged}:${historySource ?? ''}`;
  let sql = statements.get(key);
  if (!sql) statements.set(key, (sql = insertSql(skipUnchanged, historySource)));
  return sql;
}

/** Within one statement a conflict target may be hit once only, so the last row for a source ref wins. */
function withoutDuplicateRefs(rows: readonly NewLaundromatRow[]): NewLaundromatRow[] {
  const lastIndexByRef = new Map<string, number>();
  rows.forEach((row, index) => {
    if (row.sourceRef != null) lastIndexByRef.set(`${row.source ?? 'user'}\u0000${row.sourceRef}`, index);
  });
  return rows.filter(
    (row, index) =>
      row.sourceRef == null || lastIndexByRef.get(`${row.source ?? 'user'}\u0000${row.sourceRef}`) === index,
  );
}

/**
 * Inserts many laundromats with one `INSERT … SELECT FROM unnest(…)` per batch (a column-wise array per
 * field keeps the statement to ~55 parameters whatever the batch size). Rows with a sourceRef are upserted,
 * so importing the same extract twice updates rather than duplicates. Works on PostgreSQL and PGlite.
 */
export async function insertLaundromats(
  db: Db,
  rows: readonly NewLaundromatRow[],
  options: InsertLaundromatsOptions = {},
): Promise<InsertLaundromatsResult> {
  const batchSize = options.batchSize ?? 2000;
  const unique = withoutDuplicateRefs(rows);
  const result: InsertLaundromatsResult = { inserted: 0, updated: 0 };
  let done = 0;
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    const params = COLUMNS.map((column) => batch.map(column.value));
    const [counts] = await db.query<{ inserted: number; updated: number }>(
      statementFor(options.skipUnchanged ?? false, options.historySource),
      params,
    );
    result.inserted += Number(counts?.inserted ?? 0);
    result.updated += Number(counts?.updated ?? 0);
    done += batch.length;
    options.onProgress?.(done);
  }
  if (unique.length < rows.length) options.onProgress?.(rows.length);
  return result;
}
