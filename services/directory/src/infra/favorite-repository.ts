import type { Db } from '@laundry/platform/db';
import type { FavoriteRepository, FavoriteRow } from '../domain/favorite-store.ts';
import type { LaundromatRow } from '../domain/laundromat-store.ts';
import { laundromatSelectList } from './laundromat-columns.ts';
import { addToCount, localDay } from './insights-repository.ts';

const favoriteColumns = 'id, user_id AS "userId", laundromat_id AS "laundromatId", created_at AS "createdAt"';

export function createFavoriteRepository(db: Db): FavoriteRepository {
  return {
    /** The user's saved laundromats, most recently saved first. */
    async listLaundromats(userId: string): Promise<LaundromatRow[]> {
      return db.query<LaundromatRow>(
        `SELECT ${laundromatSelectList} FROM laundromats
         JOIN (SELECT laundromat_id, created_at AS saved_at FROM favorites WHERE user_id = $1) f ON f.laundromat_id = laundromats.id
         WHERE is_active ORDER BY f.saved_at DESC`,
        [userId],
      );
    },

    async exists(userId: string, laundromatId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM favorites WHERE user_id = $1 AND laundromat_id = $2', [
        userId,
        laundromatId,
      ]);
      return rows.length > 0;
    },

    /**
     * Saving twice keeps the first favorite; `created` says whether this call made it. A new one also adds
     * one to the laundromat's favourites of the day for its owner's insights, in the same statement (a
     * count, not who saved it).
     */
    async add(userId: string, laundromatId: string): Promise<{ favorite: FavoriteRow; created: boolean }> {
      const inserted = await db.query<FavoriteRow>(
        `WITH saved AS (
           INSERT INTO favorites (user_id, laundromat_id) VALUES ($1, $2)
           ON CONFLICT (user_id, laundromat_id) DO NOTHING RETURNING ${favoriteColumns}
         ), counted AS (
           INSERT INTO laundromat_daily_counts (laundromat_id, day, favourites_added)
           SELECT l.id, ${localDay('saved."createdAt"')}, 1 FROM saved JOIN laundromats l ON l.id = saved."laundromatId"
           ${addToCount('favourites_added')}
         )
         SELECT * FROM saved`,
        [userId, laundromatId],
      );
      if (inserted[0]) return { favorite: inserted[0], created: true };
      const existing = await db.query<FavoriteRow>(
        `SELECT ${favoriteColumns} FROM favorites WHERE user_id = $1 AND laundromat_id = $2`,
        [userId, laundromatId],
      );
      return { favorite: existing[0]!, created: false };
    },

    async remove(userId: string, laundromatId: string): Promise<void> {
      await db.query('DELETE FROM favorites WHERE user_id = $1 AND laundromat_id = $2', [
        userId,
        laundromatId,
      ]);
    },
  };
}
