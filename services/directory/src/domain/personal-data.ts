import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What the directory holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  favorites(userId: string): Promise<Record<string, unknown>[]>;
  submittedLaundromats(userId: string): Promise<Record<string, unknown>[]>;
  /** Deletes the favourites and takes the submitter off the laundromats; answers both counts. */
  erase(tx: Db, userId: string): Promise<{ favorites: number; laundromats: number }>;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  const [favorites, laundromats] = await Promise.all([
    store.favorites(userId),
    store.submittedLaundromats(userId),
  ]);
  return { parts: { favorites, 'submitted-laundromats': laundromats }, files: [] };
}
