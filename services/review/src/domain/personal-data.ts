import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What the review service holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  reviews(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * Keeps the person's reviews, as 'Anonymous User' (every review is shown so already), without their id and
   * without the photos they attached (those are erased by the photo service); answers how many.
   */
  anonymise(tx: Db, userId: string): Promise<number>;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  return { parts: { reviews: await store.reviews(userId) }, files: [] };
}
