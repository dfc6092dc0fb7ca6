import { randomBytes } from 'node:crypto';
import { insertLaundromats, type NewLaundromatRow } from '@laundry/directory';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, type Session } from '../../../../test/support/session.ts';

export type { TestStack };

/** The product stack for one review test file, with the gateway's rate limits out of the way. */
export function startReviewStack(): Promise<TestStack> {
  return startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  });
}

/** Inserts laundromats straight into the directory's database and answers their ids in order. */
export async function insertLaundromatsFor(
  stack: TestStack,
  rows: ReadonlyArray<Partial<NewLaundromatRow>>,
): Promise<string[]> {
  const full = rows.map((row, index) => ({
    name: `Review Fixture ${index}`,
    address: '1 Test Street',
    latitude: 51.5 + index / 1000,
    longitude: -0.12,
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

export function postReview(
  stack: TestStack,
  session: Session | undefined,
  laundromatId: string,
  body: unknown,
) {
  return apiClient(stack.baseUrl, session)(`/api/laundromats/${laundromatId}/reviews`, {
    method: 'POST',
    body,
  });
}

export async function storedReviewCount(stack: TestStack): Promise<number> {
  const [row] = await stack.review.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews');
  return row!.n;
}

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}
