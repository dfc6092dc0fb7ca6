import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { badRequest, notFound } from '@laundry/platform/errors';
import {
  createEvent,
  laundromatSubmittedV1,
  type CreateLaundromatRequest,
  type Laundromat,
} from '@laundry/contracts';
import type { LaundromatRepository } from './laundromat-store.ts';
import { timeZoneAt } from './opening-hours.ts';
import { openingHoursProblem } from './osm-hours/osm-hours.ts';
import { osmOpeningHoursToHours } from './osm-hours/weekly-hours.ts';

/**
 * The submission with its hours settled: an opening_hours value the OSM library refuses is a 400 carrying
 * the library's message; one it reads gives the weekly table unless the form sent one too.
 */
function withCheckedHours(input: CreateLaundromatRequest): CreateLaundromatRequest {
  if (!input.openingHours) return { ...input, openingHours: undefined };
  const problem = openingHoursProblem(input.openingHours);
  if (problem !== null) throw badRequest(`Opening hours: ${problem}`, 'INVALID_OPENING_HOURS');
  return { ...input, hours: input.hours ?? osmOpeningHoursToHours(input.openingHours).hours ?? undefined };
}
import { toLaundromatView } from './laundromat-view.ts';

export interface SubmissionDeps {
  db: Db;
  laundromats: LaundromatRepository;
  outbox: Outbox;
}

/** A user's laundromat waits as 'pending', unlisted, until an admin approves it (decide-submission.ts). */
export async function submitLaundromat(
  deps: SubmissionDeps,
  user: Identity,
  input: CreateLaundromatRequest,
  now = new Date(),
): Promise<Laundromat> {
  const checked = withCheckedHours(input);
  const row = await deps.db.tx(async (tx) => {
    const created = await deps.laundromats.insertPending(tx, {
      ...checked,
      timeZone: timeZoneAt(input.latitude, input.longitude),
      submittedById: user.id,
      submittedByEmail: user.email,
    });
    await deps.outbox.record(
      tx,
      createEvent(laundromatSubmittedV1, deps.outbox.producer, {
        laundromatId: created.id,
        submittedById: user.id,
        name: created.name,
        city: input.city,
        country: input.country,
        latitude: created.latitude,
        longitude: created.longitude,
        status: created.status,
        submittedAt: now.toISOString(),
      }),
    );
    return created;
  });
  return toLaundromatView(row, now);
}

/** Pending submissions are visible to the person who sent them and to admins, and to nobody else. */
export async function getLaundromat(
  laundromats: LaundromatRepository,
  viewer: Identity | undefined,
  id: string,
  now = new Date(),
): Promise<Laundromat> {
  const row = await laundromats.findById(id);
  if (!row) throw notFound('Laundromat not found');
  // A closed laundromat stays readable: its reviews and favourites still point to it.
  if (row.status !== 'approved' && row.status !== 'closed') {
    const allowed = viewer && (viewer.role === 'admin' || viewer.id === row.submittedById);
    if (!allowed) throw notFound('Laundromat not found');
  }
  return toLaundromatView(row, now);
}
