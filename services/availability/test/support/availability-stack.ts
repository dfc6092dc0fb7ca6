import type { NewLaundromatRow } from '@laundry/directory';
import type { Db } from '@laundry/platform/db';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, type Session } from '../../../../test/support/session.ts';
import { insertLaundromatsFor as insertFixtures } from '../../../../test/support/laundromat-fixtures.ts';

export type { TestStack };

/** The product stack for one availability test file, with the gateway's rate limits out of the way. */
export function startAvailabilityStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  return startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    // The tests publish expired states themselves (expiry.runOnce), at the moment they choose.
    LIVE_EXPIRY_INTERVAL_MS: '0',
    ...overrides,
  });
}

export const availabilityDb = (stack: TestStack): Db => stack.services.availability!.db;

/** Listed laundromats in the directory, near Paris unless a row says otherwise; their ids in order. */
export const insertLaundromatsFor = (stack: TestStack, rows: ReadonlyArray<Partial<NewLaundromatRow>>) =>
  insertFixtures(stack, rows, {
    namePrefix: 'Availability Fixture',
    near: { latitude: 48.85, longitude: 2.35 },
  });

export const client = (stack: TestStack, session?: Session) => apiClient(stack.baseUrl, session);

export function report(stack: TestStack, session: Session | undefined, laundromatId: string, body: unknown) {
  return client(stack, session)(`/api/laundromats/${laundromatId}/availability/reports`, {
    method: 'POST',
    body,
  });
}

export async function availability(stack: TestStack, laundromatId: string, session?: Session) {
  const response = await client(stack, session)(`/api/laundromats/${laundromatId}/availability`);
  if (response.status !== 200) throw new Error(`availability: ${response.status} ${await response.text()}`);
  return (await response.json()) as import('@laundry/contracts').AvailabilityResponse;
}

export async function reportCount(stack: TestStack): Promise<number> {
  const [row] = await availabilityDb(stack).query<{ n: number }>(
    'SELECT count(*)::int AS n FROM availability_reports',
  );
  return row!.n;
}

/** Moves every report of a laundromat (and its confirmations) `minutes` into the past. */
export async function ageReports(stack: TestStack, laundromatId: string, minutes: number): Promise<void> {
  const db = availabilityDb(stack);
  await db.query(
    `UPDATE report_confirmations SET created_at = created_at - make_interval(mins => $2)
     WHERE report_id IN (SELECT id FROM availability_reports WHERE laundromat_id = $1)`,
    [laundromatId, minutes],
  );
  await db.query(
    `UPDATE availability_reports SET created_at = created_at - make_interval(mins => $2) WHERE laundromat_id = $1`,
    [laundromatId, minutes],
  );
}

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}
