import type { Db } from '@laundry/platform/db';
import type { PersonalDataStore } from '../domain/personal-data.ts';

export function createPersonalDataRepository(db: Db): PersonalDataStore {
  return {
    favorites: (userId) =>
      db.query(
        `SELECT f.laundromat_id AS "laundromatId", l.name, f.created_at AS "createdAt"
         FROM favorites f LEFT JOIN laundromats l ON l.id = f.laundromat_id
         WHERE f.user_id = $1 ORDER BY f.created_at`,
        [userId],
      ),
    submittedLaundromats: (userId) =>
      db.query(
        `SELECT id, name, address, city, country, status, submitted_by_email AS "submittedWithEmail",
                created_at AS "createdAt"
         FROM laundromats WHERE submitted_by_id = $1 ORDER BY created_at`,
        [userId],
      ),
    async erase(tx, userId) {
      const favorites = await tx.query('DELETE FROM favorites WHERE user_id = $1 RETURNING laundromat_id', [
        userId,
      ]);
      // The laundromat stays listed (it is a fact about a place, not about the person); who sent it goes.
      const laundromats = await tx.query(
        `UPDATE laundromats SET submitted_by_id = NULL, submitted_by_email = NULL
         WHERE submitted_by_id = $1 RETURNING id`,
        [userId],
      );
      return { favorites: favorites.length, laundromats: laundromats.length };
    },
  };
}
