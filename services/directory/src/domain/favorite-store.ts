import type { LaundromatRow } from './laundromat-store.ts';

export interface FavoriteRow {
  id: string;
  userId: string;
  laundromatId: string;
  createdAt: Date;
}

/** A user's saved laundromats; infra/favorite-repository.ts implements it. */
export interface FavoriteRepository {
  /** The user's saved laundromats, most recently saved first. */
  listLaundromats(userId: string): Promise<LaundromatRow[]>;

  exists(userId: string, laundromatId: string): Promise<boolean>;

  /** Saving twice keeps the first favorite; `created` says whether this call made it. */
  add(userId: string, laundromatId: string): Promise<{ favorite: FavoriteRow; created: boolean }>;

  remove(userId: string, laundromatId: string): Promise<void>;
}
