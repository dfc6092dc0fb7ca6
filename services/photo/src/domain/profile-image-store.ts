import type { Db } from '@laundry/platform/db';

/** Each person's current profile image; infra/profile-image-repository.ts implements it. */
export interface ProfileImageRepository {
  /** Makes the path the person's image; answers the path it replaces, if any. */
  replace(tx: Db, userId: string, objectPath: string): Promise<string | undefined>;
  /** Whether the path is someone's current profile image (only those are served). */
  isCurrent(objectPath: string): Promise<boolean>;
}
