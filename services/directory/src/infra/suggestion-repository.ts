import type { Db } from '@laundry/platform/db';
import type { SuggestionChange } from '@laundry/contracts';
import type { LaundromatRow } from '../domain/laundromat-store.ts';
import { timeZoneAt } from '../domain/opening-hours.ts';
import { osmOpeningHoursToHours } from '../domain/osm-hours/weekly-hours.ts';
import { isAmenity, isPrice, pinOf } from '../domain/suggestions/suggestion-changes.ts';
import type {
  PendingGroup,
  SuggestionRepository,
  SuggestionRow,
} from '../domain/suggestions/suggestion-store.ts';
import { isoInstant, laundromatRowSelectList, priceColumn, snakeCase } from './laundromat-columns.ts';

const suggestionSelectList = `s.id, s.laundromat_id AS "laundromatId", l.name AS "laundromatName",
  s.user_id AS "userId", s.user_email AS "userEmail", s.kind, s.current_value AS changes,
  s.change_key AS "changeKey", s.note, s.status, s.reason,
  ${isoInstant('s.created_at')} AS "createdAt",
  CASE WHEN s.decided_at IS NOT NULL THEN ${isoInstant('s.decided_at')} END AS "decidedAt"`;

const fromSuggestions = 'laundromat_suggestions s JOIN laundromats l ON l.id = s.laundromat_id';

/** The SET clauses that write one field's proposed value, and the fields it records as edited here. */
function assignmentsFor(change: SuggestionChange, add: (value: unknown) => string): [string[], string[]] {
  const { field, proposed } = change;
  switch (field) {
    case 'openingHours': {
      const hours = osmOpeningHoursToHours(proposed as string).hours;
      return [
        [`opening_hours = ${add(proposed)}`, `hours = ${add(hours ? JSON.stringify(hours) : null)}::jsonb`],
        ['openingHours', 'hours'],
      ];
    }
    case 'phone':
    case 'website':
      return [[`${field} = ${add(proposed)}`], [field]];
    case 'location': {
      const pin = pinOf(proposed);
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
    case 'status':
      return [[`status = ${add(proposed)}`], ['status']];
    case 'isActive':
      return [[`is_active = ${add(proposed)}`], ['isActive']];
    default:
      if (isPrice(field)) return [[`${priceColumn(field)} = ${add(proposed)}`], [field]];
      if (isAmenity(field)) return [[`${snakeCase(field)} = ${add(proposed)}`], [field]];
      // 'duplicateOf' is recorded in the history only.
      return [[], []];
  }
}

export function createSuggestionRepository(db: Db): SuggestionRepository {
  const select = (tx: Db, where: string, params: unknown[], tail = '') =>
    tx.query<SuggestionRow>(
      `SELECT ${suggestionSelectList} FROM ${fromSuggestions} WHERE ${where} ${tail}`,
      params,
    );

  // The groups first (a page of them), then their suggestions.
  const groupsWithSuggestions = async (
    found: Promise<{ laundromatId: string; changeKey: string }[]>,
  ): Promise<PendingGroup[]> => {
    const groups = await found;
    if (groups.length === 0) return [];
    const rows = await select(
      db,
      `s.status = 'pending' AND (s.laundromat_id, s.change_key) IN
         (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
      [groups.map((g) => g.laundromatId), groups.map((g) => g.changeKey)],
      'ORDER BY s.created_at, s.id',
    );
    return groups.map((group): PendingGroup => ({
      ...group,
      suggestions: rows.filter(
        (row) => row.laundromatId === group.laundromatId && row.changeKey === group.changeKey,
      ),
    }));
  };

  return {
    async insert(tx, suggestion) {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO laundromat_suggestions
           (laundromat_id, user_id, user_email, kind, current_value, proposed_value, change_key, note)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          suggestion.laundromatId,
          suggestion.userId,
          suggestion.userEmail,
          suggestion.kind,
          JSON.stringify(suggestion.changes),
          JSON.stringify(Object.fromEntries(suggestion.changes.map((c) => [c.field, c.proposed]))),
          suggestion.changeKey,
          suggestion.note,
        ],
      );
      if (!row) return undefined;
      const [stored] = await select(tx, 's.id = $1', [row.id]);
      return stored;
    },

    async findCorrectable(id) {
      const [row] = await db.query<LaundromatRow>(
        `SELECT ${laundromatRowSelectList} FROM laundromats
         WHERE id = $1 AND is_active AND status IN ('approved', 'closed')`,
        [id],
      );
      return row;
    },

    listForUser: (userId, limit) =>
      select(db, 's.user_id = $1', [userId, limit], 'ORDER BY s.created_at DESC, s.id LIMIT $2'),

    pendingGroups: (limit) =>
      groupsWithSuggestions(
        db.query<{ laundromatId: string; changeKey: string }>(
          `SELECT laundromat_id AS "laundromatId", change_key AS "changeKey"
           FROM laundromat_suggestions WHERE status = 'pending'
           GROUP BY laundromat_id, change_key
           ORDER BY count(*) DESC, min(created_at), laundromat_id LIMIT $1`,
          [limit],
        ),
      ),

    pendingGroupsOwnedBy: (userId) =>
      groupsWithSuggestions(
        db.query<{ laundromatId: string; changeKey: string }>(
          `SELECT s.laundromat_id AS "laundromatId", s.change_key AS "changeKey"
           FROM laundromat_suggestions s JOIN laundromats l ON l.id = s.laundromat_id
           WHERE s.status = 'pending' AND l.owner_user_id = $1
           GROUP BY s.laundromat_id, s.change_key
           ORDER BY min(s.created_at), s.laundromat_id LIMIT 500`,
          [userId],
        ),
      ),

    async ownerOf(tx, laundromatId) {
      const [row] = await tx.query<{ ownerUserId: string | null }>(
        'SELECT owner_user_id AS "ownerUserId" FROM laundromats WHERE id = $1',
        [laundromatId],
      );
      return row?.ownerUserId ?? null;
    },

    async countPending() {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM laundromat_suggestions WHERE status = 'pending'`,
      );
      return row?.n ?? 0;
    },

    async findById(id) {
      const [row] = await select(db, 's.id = $1', [id]);
      return row;
    },

    async lockGroup(tx, id) {
      const locked = await tx.query<{ id: string }>(
        `SELECT other.id FROM laundromat_suggestions chosen
         JOIN laundromat_suggestions other
           ON other.laundromat_id = chosen.laundromat_id AND other.change_key = chosen.change_key
         WHERE chosen.id = $1 AND chosen.status = 'pending' AND other.status = 'pending'
         ORDER BY other.created_at, other.id FOR UPDATE OF other`,
        [id],
      );
      if (locked.length === 0) return [];
      return select(
        tx,
        's.id = ANY($1::uuid[])',
        [locked.map((row) => row.id)],
        'ORDER BY s.created_at, s.id',
      );
    },

    async findLaundromat(id) {
      const [row] = await db.query<LaundromatRow>(
        `SELECT ${laundromatRowSelectList} FROM laundromats WHERE id = $1`,
        [id],
      );
      return row;
    },

    async lockLaundromat(tx, id) {
      const [row] = await tx.query<LaundromatRow>(
        `SELECT ${laundromatRowSelectList} FROM laundromats WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row;
    },

    async markDecided(tx, ids, decision) {
      await tx.query(
        `UPDATE laundromat_suggestions SET status = $2, decided_by_id = $3, reason = $4, decided_at = now()
         WHERE id = ANY($1::uuid[])`,
        [ids, decision.status, decision.decidedById, decision.reason],
      );
    },

    async applyChanges(tx, laundromatId, changes) {
      const values: unknown[] = [laundromatId];
      const add = (value: unknown) => {
        values.push(value);
        return `$${values.length}`;
      };
      const sets: string[] = [];
      const edited: string[] = [];
      for (const change of changes) {
        const [assignments, fields] = assignmentsFor(change, add);
        sets.push(...assignments);
        edited.push(...fields);
      }
      await tx.query(
        `UPDATE laundromats SET ${[...sets, 'updated_at = now()'].join(', ')},
           locally_edited_fields = ARRAY(
             SELECT DISTINCT f FROM unnest(locally_edited_fields || ${add(edited)}::text[]) AS f ORDER BY f)
         WHERE id = $1`,
        values,
      );
    },

    async recordHistory(tx, entry) {
      await tx.query(
        `INSERT INTO laundromat_history (laundromat_id, source, source_id, changes, changed_by_id)
         VALUES ($1, $2, $3, $4::jsonb, $5)`,
        [entry.laundromatId, entry.source, entry.sourceId, JSON.stringify(entry.changes), entry.changedById],
      );
    },
  };
}
