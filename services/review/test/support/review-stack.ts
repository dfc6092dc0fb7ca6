import type { NewLaundromatRow } from '@laundry/directory';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, type Session } from '../../../../test/support/session.ts';
import { insertLaundromatsFor as insertFixtures } from '../../../../test/support/laundromat-fixtures.ts';

export type { TestStack };

/** The product stack for one review test file, with the gateway's rate limits out of the way. */
export function startReviewStack(): Promise<TestStack> {
  return startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  });
}

/** Inserts laundromats straight into the directory's database and answers their ids in order. */
export const insertLaundromatsFor = (stack: TestStack, rows: ReadonlyArray<Partial<NewLaundromatRow>>) =>
  insertFixtures(stack, rows, { namePrefix: 'Review Fixture', near: { latitude: 51.5, longitude: -0.12 } });

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
