import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { badRequest, forbidden, notFound } from '@laundry/platform/errors';
import { auditSuccess, type Outbox } from '@laundry/platform/outbox';
import {
  laundromatBooleanKeys,
  ownerListingPrices,
  type Laundromat,
  type UpdateOwnerListingRequest,
} from '@laundry/contracts';
import type { AuditContext } from './admin-audit.ts';
import { openingHoursProblem } from './osm-hours/osm-hours.ts';
import { osmOpeningHoursToHours } from './osm-hours/weekly-hours.ts';
import { openingHoursFromWeekly } from './osm-hours/from-weekly.ts';

export interface OwnerListingDeps {
  db: Db;
  outbox: Outbox;
  /** The laundromat as the finder's detail answer shows it. */
  findLaundromat: (id: string) => Promise<Laundromat | undefined>;
}

export const NOT_YOUR_LAUNDROMAT_MESSAGE =
  'Only the verified owner of this laundromat can change its listing.';

const snake = (field: string) => field.replace(/[A-Z0-9]+/g, (c) => `_${c.toLowerCase()}`);
/** The prices' columns (dry_price_15min: digits join the word before them). */
const columnOf = (field: string) =>
  field.startsWith('dryPrice') ? `dry_price_${field.slice('dryPrice'.length)}` : snake(field);

const plainFields = [
  ...ownerListingPrices,
  ...laundromatBooleanKeys,
  'numWashers',
  'numDryers',
  'phone',
  'website',
  'description',
] as const;

/**
 * The verified owner's (or an admin's) change of a laundromat's listing. Only the fields sent change; they
 * are live at once, stamped with the owner's edit time, listed in owner_fields so the OpenStreetMap sync
 * keeps them, added to the laundromat's history and written to the audit log, all in one transaction.
 * Anyone else is refused (403) and an unknown laundromat is a 404; nothing changes then.
 */
export async function updateOwnerListing(
  deps: OwnerListingDeps,
  user: Identity,
  context: AuditContext,
  id: string,
  input: UpdateOwnerListingRequest,
  now = new Date(),
): Promise<Laundromat> {
  if (typeof input.openingHours === 'string') {
    const problem = openingHoursProblem(input.openingHours);
    if (problem !== null) throw badRequest(`Opening hours: ${problem}`, 'INVALID_OPENING_HOURS');
  }

  const values: unknown[] = [id];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const sets: string[] = [];
  const fields: string[] = [];
  const changes: Record<string, unknown> = {};

  if (input.openingHours !== undefined) {
    const weekly = input.openingHours === null ? null : osmOpeningHoursToHours(input.openingHours).hours;
    sets.push(`opening_hours = ${add(input.openingHours)}`);
    sets.push(`hours = ${add(weekly ? JSON.stringify(weekly) : null)}::jsonb`);
    fields.push('openingHours', 'hours');
    changes.openingHours = input.openingHours;
  } else if (input.hours !== undefined) {
    sets.push(`hours = ${add(input.hours ? JSON.stringify(input.hours) : null)}::jsonb`);
    sets.push(`opening_hours = ${add(openingHoursFromWeekly(input.hours))}`);
    fields.push('openingHours', 'hours');
    changes.hours = input.hours;
  }
  for (const field of plainFields) {
    const value = input[field];
    if (value === undefined) continue;
    // A price comes as decimal text and goes to PostgreSQL so, and numeric stores exactly the digits sent.
    sets.push(`${columnOf(field)} = ${add(value)}`);
    fields.push(field);
    changes[field] = value;
  }

  const outcome = await deps.db.tx(async (tx) => {
    const [row] = await tx.query<{ ownerUserId: string | null }>(
      'SELECT owner_user_id AS "ownerUserId" FROM laundromats WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) return 'unknown' as const;
    if (user.role !== 'admin' && row.ownerUserId !== user.id) return 'refused' as const;
    const stamp = add(now.toISOString());
    const edited = add(fields);
    await tx.query(
      `UPDATE laundromats SET ${sets.join(', ')}, owner_updated_at = ${stamp}::timestamptz,
         updated_at = ${stamp}::timestamptz,
         owner_fields = ARRAY(SELECT DISTINCT f FROM unnest(owner_fields || ${edited}::text[]) AS f ORDER BY f)
       WHERE id = $1`,
      values,
    );
    await tx.query(
      `INSERT INTO laundromat_history (laundromat_id, source, changes, changed_by_id)
       VALUES ($1, 'owner', $2::jsonb, $3)`,
      [id, JSON.stringify(Object.entries(changes).map(([field, to]) => ({ field, to }))), user.id],
    );
    await auditSuccess(
      tx,
      deps.outbox,
      { ...context, userId: user.id },
      {
        action: 'laundromat.owner.update',
        resource: 'laundromat',
        resourceId: id,
        oldData: null,
        newData: { fields: Object.keys(changes), changes, byAdmin: user.role === 'admin' },
        advertiserId: null,
      },
      now,
    );
    return 'changed' as const;
  });
  if (outcome === 'unknown') throw notFound('Laundromat not found');
  if (outcome === 'refused') throw forbidden(NOT_YOUR_LAUNDROMAT_MESSAGE);
  const laundromat = await deps.findLaundromat(id);
  if (!laundromat) throw notFound('Laundromat not found');
  return laundromat;
}
