import { randomBytes } from 'node:crypto';
import { insertLaundromats, type NewLaundromatRow } from '@laundry/directory';
import type { Db } from '@laundry/platform/db';

/**
 * Inserts listed laundromats straight into the directory's database and answers their ids in order: the
 * fixtures of the services that ask the directory about a laundromat (reviews, availability). Each row
 * gets a name, an address and a position near `near` unless it gives its own.
 */
export async function insertLaundromatsFor(
  stack: { directoryDb: Db },
  rows: ReadonlyArray<Partial<NewLaundromatRow>>,
  defaults: { namePrefix: string; near: { latitude: number; longitude: number } },
): Promise<string[]> {
  const full = rows.map((row, index) => ({
    name: `${defaults.namePrefix} ${index}`,
    address: '1 Test Street',
    latitude: defaults.near.latitude + index / 1000,
    longitude: defaults.near.longitude,
    source: 'test',
    sourceRef: randomBytes(8).toString('hex'),
    ...row,
  }));
  await insertLaundromats(stack.directoryDb, full);
  const stored = await stack.directoryDb.query<{ id: string; ref: string }>(
    'SELECT id, source_ref AS ref FROM laundromats WHERE source_ref = ANY($1::text[])',
    [full.map((row) => row.sourceRef)],
  );
  const idByRef = new Map(stored.map((row) => [row.ref, row.id]));
  return full.map((row) => idByRef.get(row.sourceRef!)!);
}
