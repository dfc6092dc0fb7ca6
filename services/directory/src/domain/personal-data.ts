import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What the directory holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  favorites(userId: string): Promise<Record<string, unknown>[]>;
  submittedLaundromats(userId: string): Promise<Record<string, unknown>[]>;
  /** The edits the person suggested, with their decisions. */
  suggestions(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * Deletes the favourites, takes the submitter off the laundromats and the author (and their note) off
   * their suggested edits; answers the counts.
   */
  erase(
    tx: Db,
    userId: string,
  ): Promise<{ favorites: number; laundromats: number; suggestions: number; ownedLaundromats: number }>;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  const [favorites, laundromats, suggestions] = await Promise.all([
    store.favorites(userId),
    store.submittedLaundromats(userId),
    store.suggestions(userId),
  ]);
  return {
    parts: { favorites, 'submitted-laundromats': laundromats, 'suggested-edits': suggestions },
    files: [],
  };
}
