import type { Db } from '@laundry/platform/db';
import type { LaundromatRow } from '../domain/laundromat-store.ts';
import type { CorrectionsRepository } from '../domain/corrections/corrections-store.ts';
import type { MergeCandidate } from '../domain/corrections/merge-plan.ts';
import type { StoredHistoryRow } from '../domain/corrections/history.ts';
import { timeZoneAt } from '../domain/opening-hours.ts';
import { osmOpeningHoursToHours } from '../domain/osm-hours/weekly-hours.ts';
import { isAmenity, isPrice, pinOf } from '../domain/suggestions/suggestion-changes.ts';
import { isoInstant, laundromatRowSelectList, priceColumn, snakeCase } from './laundromat-columns.ts';

/** Text columns upstream's value may be taken into, beside hours, the pin, prices and amenities. */
const textColumns = new Set(['name', 'address', 'city', 'phone', 'website']);

/** The SET clauses writing upstream's value of one field, and the kept names it stops keeping. */
function upstreamAssignments(
  field: string,
  value: unknown,
  add: (v: unknown) => string,
): [string[], string[]] {
  if (field === 'openingHours') {
    const hours = typeof value === 'string' ? osmOpeningHoursToHours(value).hours : null;
    return [
      [`opening_hours = ${add(value)}`, `hours = ${add(hours ? JSON.stringify(hours) : null)}::jsonb`],
      ['openingHours', 'hours'],
    ];
  }
  if (field === 'location') {
    const pin = pinOf(value);
    const lat = add(pin.latitude);
    const lng = add(pin.longitude);
    return [
      [
        `latitude = ${lat}::float8`,
        `longitude = ${lng}::float8`,
        `location = ST_SetSRID(ST_MakePoint(${lng}::float8, ${lat}::float8), 4326)::geography`,
        `time_zone = ${add(timeZoneAt(pin.latitude, pin.longitude))}`,
      ],
      ['location'],
    ];
  }
  if (isPrice(field)) return [[`${priceColumn(field)} = ${add(value)}`], [field]];
  if (isAmenity(field) || textColumns.has(field)) return [[`${snakeCase(field)} = ${add(value)}`], [field]];
  return [[], []];
}

export function createCorrectionsRepository(db: Db): CorrectionsRepository {
  return {
    async findPublic(id) {
      const [row] = await db.query<LaundromatRow>(
        `SELECT ${laundromatRowSelectList} FROM laundromats WHERE id = $1 AND status IN ('approved', 'closed')`,
        [id],
      );
      return row;
    },

    history: (laundromatId, limit, offset) =>
      db.query<StoredHistoryRow>(
        `SELECT id, source, changes, ${isoInstant('created_at')} AS "createdAt"
         FROM laundromat_history WHERE laundromat_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [laundromatId, limit, offset],
      ),

    async mergedInto(id) {
      const [row] = await db.query<{ mergedIntoId: string | null }>(
        `SELECT merged_into_id AS "mergedIntoId" FROM laundromats WHERE id = $1`,
        [id],
      );
      return row?.mergedIntoId ?? undefined;
    },

    async upstreamState(tx, id, lock) {
      const [row] = await tx.query<
        LaundromatRow & { upstreamValues: Record<string, unknown> | null; kept: string[]; owned: string[] }
      >(
        `SELECT ${laundromatRowSelectList}, upstream AS "upstreamValues",
           locally_edited_fields AS kept, owner_fields AS owned
         FROM laundromats WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
        [id],
      );
      if (!row) return undefined;
      const { upstreamValues, kept, owned, ...laundromat } = row;
      return {
        row: laundromat as LaundromatRow,
        upstream: upstreamValues,
        correctedFields: kept,
        ownerFields: owned,
      };
    },

    async takeUpstream(tx, id, field, value) {
      const values: unknown[] = [id];
      const add = (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      };
      const [sets, released] = upstreamAssignments(field, value, add);
      if (sets.length === 0) throw new Error(`Upstream's ${field} cannot be written here`);
      const names = add(released);
      await tx.query(
        `UPDATE laundromats SET ${sets.join(', ')}, updated_at = now(),
           locally_edited_fields = ARRAY(SELECT unnest(locally_edited_fields) EXCEPT SELECT unnest(${names}::text[]) ORDER BY 1),
           owner_fields = ARRAY(SELECT unnest(owner_fields) EXCEPT SELECT unnest(${names}::text[]) ORDER BY 1)
         WHERE id = $1`,
        values,
      );
    },

    lockForMerge: (tx, ids) =>
      tx.query<MergeCandidate>(
        `SELECT id, status, merged_into_id AS "mergedIntoId", phone, website, opening_hours AS "openingHours"
         FROM laundromats WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [[...ids]],
      ),

    async fill(tx, survivorId, fields) {
      const values: unknown[] = [survivorId];
      const add = (v: unknown) => {
        values.push(v);
        return `$${values.length}`;
      };
      const sets = fields.flatMap(({ field, to }) => upstreamAssignments(field, to, add)[0]);
      if (sets.length === 0) return;
      await tx.query(`UPDATE laundromats SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
    },

    async markMerged(tx, mergedId, survivorId) {
      // The reviews move with laundromat.merged.v1; their tallies move here at once, so the survivor's
      // rating counts them. A tally not started yet stands for average × count, as the review handler reads it.
      await tx.query(
        `UPDATE laundromats s SET
           total_reviews = s.total_reviews + m.total_reviews,
           rating_sum = coalesce(s.rating_sum, s.average_rating * s.total_reviews)
             + coalesce(m.rating_sum, m.average_rating * m.total_reviews),
           average_rating = CASE WHEN s.total_reviews + m.total_reviews > 0
             THEN round((coalesce(s.rating_sum, s.average_rating * s.total_reviews)
               + coalesce(m.rating_sum, m.average_rating * m.total_reviews))
               / (s.total_reviews + m.total_reviews), 2)
             ELSE s.average_rating END,
           updated_at = now()
         FROM laundromats m WHERE s.id = $2 AND m.id = $1 AND m.total_reviews > 0`,
        [mergedId, survivorId],
      );
      await tx.query(
        `UPDATE laundromats SET status = 'closed', merged_into_id = $2, updated_at = now() WHERE id = $1`,
        [mergedId, survivorId],
      );
    },

    async moveFavorites(tx, mergedId, survivorId) {
      const moved = await tx.query(
        `INSERT INTO favorites (user_id, laundromat_id, created_at)
         SELECT user_id, $2, created_at FROM favorites WHERE laundromat_id = $1
         ON CONFLICT (user_id, laundromat_id) DO NOTHING RETURNING id`,
        [mergedId, survivorId],
      );
      await tx.query(`DELETE FROM favorites WHERE laundromat_id = $1`, [mergedId]);
      return moved.length;
    },

    async recordHistory(tx, entry) {
      await tx.query(
        `INSERT INTO laundromat_history (laundromat_id, source, changes, changed_by_id)
         VALUES ($1, $2, $3::jsonb, $4)`,
        [entry.laundromatId, entry.source, JSON.stringify(entry.changes), entry.changedById],
      );
    },
  };
}
