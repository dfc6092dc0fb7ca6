import type { Db } from '@laundry/platform/db';
import { laundromatPointDecimals, type Bounds } from '@laundry/contracts';
import { longitudeSpan, viewportRadiusMeters } from '../domain/geo.ts';
import { roundTheClockValues } from '../domain/round-the-clock.ts';
import { openingHoursFromWeekly } from '../domain/osm-hours/from-weekly.ts';
import type {
  LaundromatFilters,
  LaundromatRepository,
  LaundromatRow,
  ListedRow,
  NewSubmission,
  Page,
  Point,
  SubmissionDecision,
  SubmissionKey,
  SubmissionRow,
} from '../domain/laundromat-store.ts';
import {
  booleanFields,
  isoInstant,
  laundromatRowSelectList,
  laundromatSelectList,
  priceColumn,
  priceFields,
  snakeCase,
} from './laundromat-columns.ts';

// The benchmarks read these two from here.
export type { LaundromatRepository, Point };

const LISTED = `status = 'approved' AND is_active`;

/** What a listed row's open status is read from (ListedRow). */
const listedHoursColumns = `opening_hours AS "openingHours", time_zone AS "timeZone", country, region, latitude, longitude`;
const PENDING = `status = 'pending' AND is_active`;

/** A pending row in the queue's shape (SubmissionRow); the instant as the other answers write theirs. */
const submissionSelectList = [
  'id',
  'name',
  'address',
  `coalesce(city, '') AS city`,
  `coalesce(country, '') AS country`,
  'latitude',
  'longitude',
  'phone',
  'website',
  'currency',
  'submitted_by_id AS "submittedById"',
  'submitted_by_email AS "submittedByEmail"',
  `${isoInstant('created_at')} AS "submittedAt"`,
  // The page key keeps the microseconds, so a row is never found again after the row that ended its page.
  `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "queuedAt"`,
].join(', ');

/** Collects parameters so each condition can name its own $n. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  point(point: Point): string {
    return `ST_SetSRID(ST_MakePoint(${this.add(point.longitude)}::float8, ${this.add(point.latitude)}::float8), 4326)::geography`;
  }
}

function filterConditions(filters: LaundromatFilters, params: Params): string[] {
  const conditions = filters.flags.map((flag) => `${snakeCase(flag)}`);
  if (filters.minRating && filters.minRating > 0) {
    conditions.push(`total_reviews > 0 AND average_rating >= ${params.add(filters.minRating)}`);
  }
  // Only the candidates: whether each is open now is the OSM library's answer (domain/open-now-filter.ts).
  if (filters.openNow) conditions.push('opening_hours IS NOT NULL');
  if (filters.open24Hours) {
    conditions.push(`opening_hours IN (${roundTheClockValues.map((value) => params.add(value)).join(', ')})`);
  }
  if (filters.washersFree) {
    conditions.push(`live_valid_until > now() AND (live_summary->>'washersFree')::int > 0`);
  }
  return conditions;
}

/** A viewport is one lon/lat rectangle, or two when it crosses the antimeridian. */
function viewportCondition(bounds: Bounds, params: Params): string {
  const envelope = (west: number, east: number) =>
    `location::geometry && ST_MakeEnvelope(${params.add(west)}::float8, ${params.add(bounds.south)}::float8, ${params.add(east)}::float8, ${params.add(bounds.north)}::float8, 4326)`;
  if (bounds.west <= bounds.east) return envelope(bounds.west, bounds.east);
  return `(${envelope(bounds.west, 180)} OR ${envelope(-180, bounds.east)})`;
}

/** Metres on the spheroid, to 0.1 m as the API shows them. */
function distanceColumn(point: string): string {
  return `round(ST_Distance(location, ${point}, false)::numeric, 1)::float8 AS "distanceMeters"`;
}

export function boundsCentre(bounds: Bounds): Point {
  let longitude = bounds.west + longitudeSpan(bounds) / 2;
  if (longitude > 180) longitude -= 360;
  return { latitude: (bounds.north + bounds.south) / 2, longitude };
}

export function createLaundromatRepository(db: Db): LaundromatRepository {
  return {
    /**
     * Listed laundromats, nearest first by index KNN. With `origin` the rows carry distanceMeters; with
     * `bounds` only the viewport is searched (ordered from `origin`, or from the viewport's centre).
     */
    async findListed(query: {
      origin?: Point;
      bounds?: Bounds;
      withinMeters?: number;
      filters: LaundromatFilters;
      page: Page;
      now: Date;
    }): Promise<ListedRow[]> {
      const params = new Params();
      const where = [LISTED, ...filterConditions(query.filters, params)];
      if (query.bounds) where.push(viewportCondition(query.bounds, params));
      const orderFrom = query.origin ?? (query.bounds ? boundsCentre(query.bounds) : undefined);
      let fields = laundromatSelectList;
      let orderBy = 'average_rating DESC, total_reviews DESC, id';
      let viewportRadius: number | undefined;
      if (orderFrom) {
        const point = params.point(orderFrom);
        orderBy = `location <-> ${point}`;
        if (query.origin) fields += `, ${distanceColumn(point)}`;
        viewportRadius = query.bounds && viewportRadiusMeters(query.bounds, orderFrom);
        // A circle around the point that holds the whole viewport lets the location index walk outwards
        // from the point and stop at the page's last row, instead of fetching every row of the viewport
        // to sort them (thousands in a city centre): the same answer, ~5× less work for a first page.
        if (viewportRadius !== undefined)
          where.push(`ST_DWithin(location, ${point}, ${params.add(viewportRadius)}::float8, false)`);
        // A search near a place: the same index walk, bounded by the search's radius.
        if (query.origin && query.withinMeters !== undefined)
          where.push(`ST_DWithin(location, ${point}, ${params.add(query.withinMeters)}::float8, false)`);
      }
      // PostgreSQL writes each row's JSON (row_to_json over the API's column names) in C: the service then
      // neither parses some fifty columns per row nor serialises them again (docs/adr/0007, with figures).
      // The scalar subquery is evaluated for the rows of the page only, after the ORDER BY ... LIMIT.
      let select = `(SELECT row_to_json(item) FROM (SELECT ${fields}) AS item)::text AS json, ${listedHoursColumns}`;
      if (query.origin && query.withinMeters !== undefined)
        select += `, ST_Distance(location, ${params.point(query.origin)}, false) AS distance`;
      const page = `LIMIT ${params.add(query.page.limit)} OFFSET ${params.add(query.page.offset)}`;
      if (query.bounds && orderFrom && viewportRadius === undefined) {
        // A viewport is searched through its own index and then sorted, so every match would be projected
        // (some fifty expressions each, thousands of rows in a city centre) before the sort kept a page of
        // them. Sorting only ids and distances first, then projecting the page, is the same answer ~5× faster.
        const sql = `SELECT ${select} FROM laundromats JOIN (
            SELECT id, ${orderBy} AS page_order FROM laundromats WHERE ${where.join(' AND ')}
            ORDER BY page_order ${page}
          ) AS page USING (id) ORDER BY page.page_order`;
        return db.query<ListedRow>(sql, params.values);
      }
      const sql = `SELECT ${select} FROM laundromats WHERE ${where.join(' AND ')} ORDER BY ${orderBy} ${page}`;
      return db.query<ListedRow>(sql, params.values);
    },

    async findById(id: string): Promise<LaundromatRow | undefined> {
      const rows = await db.query<LaundromatRow>(
        `SELECT ${laundromatRowSelectList} FROM laundromats WHERE id = $1 AND is_active`,
        [id],
      );
      return rows[0];
    },

    async insertPending(tx: Db, input: NewSubmission): Promise<LaundromatRow> {
      const params = new Params();
      const columns: string[] = [];
      const values: string[] = [];
      const set = (column: string, value: unknown, cast = '') => {
        columns.push(column);
        values.push(`${params.add(value)}${cast}`);
      };
      set('name', input.name);
      set('address', input.address);
      set('city', input.city);
      set('country', input.country);
      set('latitude', input.latitude, '::float8');
      set('longitude', input.longitude, '::float8');
      set('time_zone', input.timeZone);
      set('phone', input.phone || null);
      set('website', input.website || null);
      set('hours', input.hours ? JSON.stringify(input.hours) : null, '::jsonb');
      set('opening_hours', input.openingHours || openingHoursFromWeekly(input.hours));
      for (const field of booleanFields) set(snakeCase(field), input[field]);
      set('num_washers', input.numWashers ?? null);
      set('num_dryers', input.numDryers ?? null);
      for (const field of priceFields) set(priceColumn(field), input[field] ?? null);
      set('currency', input.currency);
      set('submitted_by_id', input.submittedById);
      set('submitted_by_email', input.submittedByEmail);
      set('status', 'pending');
      set('source', 'user');
      columns.push('location');
      values.push(params.point(input));
      const rows = await tx.query<LaundromatRow>(
        `INSERT INTO laundromats (${columns.join(', ')}) VALUES (${values.join(', ')}) RETURNING ${laundromatRowSelectList}`,
        params.values,
      );
      return rows[0]!;
    },

    async decide(tx: Db, id: string, decision: SubmissionDecision): Promise<LaundromatRow | undefined> {
      const rows = await tx.query<LaundromatRow>(
        `UPDATE laundromats
         SET status = $2, reviewed_by_id = $3, reviewed_at = now(), rejection_reason = $4, updated_at = now()
         WHERE id = $1 AND status = 'pending' AND is_active RETURNING ${laundromatRowSelectList}`,
        [id, decision.status, decision.reviewedById, decision.reason ?? null],
      );
      return rows[0];
    },

    async findPending(query: { after?: SubmissionKey; limit: number }): Promise<SubmissionRow[]> {
      const params = new Params();
      const where = [PENDING];
      if (query.after) {
        where.push(
          `(created_at, id) > (${params.add(query.after.queuedAt)}::timestamptz, ${params.add(query.after.id)}::uuid)`,
        );
      }
      return db.query<SubmissionRow>(
        `SELECT ${submissionSelectList} FROM laundromats WHERE ${where.join(' AND ')}
         ORDER BY created_at, id LIMIT ${params.add(query.limit)}`,
        params.values,
      );
    },

    async countPending(): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM laundromats WHERE ${PENDING}`,
      );
      return rows[0]!.n;
    },

    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await db.query<{ id: string; name: string }>(
        `SELECT id, name FROM laundromats WHERE id = ANY($1::uuid[]) AND ${LISTED}`,
        [ids],
      );
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async findListedPoints(): Promise<{ count: number; pointsJson: string }> {
      // Rounded as numeric (a float8 rounds in binary), then written as float8 so 1.5 is not '1.50000'. In a
      // fixed order, so the answer (and its ETag) stays the same until a listing changes.
      const coordinate = (column: string) => `round(${column}::numeric, ${laundromatPointDecimals})::float8`;
      const rows = await db.query<{ count: number; points: string }>(
        `SELECT count(*)::int AS count,
           coalesce(json_agg(json_build_array(${coordinate('longitude')}, ${coordinate('latitude')})
             ORDER BY latitude, longitude, id), '[]')::text AS points
         FROM laundromats WHERE ${LISTED}`,
      );
      return { count: rows[0]!.count, pointsJson: rows[0]!.points };
    },

    async isEmpty(): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM laundromats LIMIT 1');
      return rows.length === 0;
    },
  };
}
