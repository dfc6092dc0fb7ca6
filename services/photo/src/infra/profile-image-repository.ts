import type { Db } from '@laundry/platform/db';
import type { ProfileImageRepository } from '../domain/profile-image-store.ts';

export function createProfileImageRepository(db: Db): ProfileImageRepository {
  return {
    async replace(tx, userId, objectPath) {
      // The old path is read under the row's lock, so two uploads at once each remove what they replaced.
      const [old] = await tx.query<{ objectPath: string }>(
        `SELECT object_path AS "objectPath" FROM profile_images WHERE user_id = $1 FOR UPDATE`,
        [userId],
      );
      await tx.query(
        `INSERT INTO profile_images (user_id, object_path) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET object_path = EXCLUDED.object_path, updated_at = now()`,
        [userId, objectPath],
      );
      return old?.objectPath;
    },
    async isCurrent(objectPath) {
      const rows = await db.query(`SELECT 1 FROM profile_images WHERE object_path = $1`, [objectPath]);
      return rows.length > 0;
    },
  };
}
