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
    suggestions: (userId) =>
      db.query(
        `SELECT s.id, s.laundromat_id AS "laundromatId", l.name AS "laundromatName", s.kind,
                s.current_value AS changes, s.note, s.user_email AS "suggestedWithEmail", s.status, s.reason,
                s.created_at AS "createdAt", s.decided_at AS "decidedAt"
         FROM laundromat_suggestions s LEFT JOIN laundromats l ON l.id = s.laundromat_id
         WHERE s.user_id = $1 ORDER BY s.created_at`,
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
      // Its ownerships end at once (the owner service's releases may come later, and are then ignored).
      const owned = await tx.query(
        `UPDATE laundromats SET owner_user_id = NULL, owner_claim_id = NULL, owner_verified_at = NULL,
                owner_updated_at = NULL, owner_changed_at = now()
         WHERE owner_user_id = $1 RETURNING id`,
        [userId],
      );
      // A suggestion stays as evidence for its laundromat (and its history), naming nobody.
      const suggestions = await tx.query(
        `UPDATE laundromat_suggestions SET user_id = NULL, user_email = NULL, note = NULL
         WHERE user_id = $1 RETURNING id`,
        [userId],
      );
      return {
        favorites: favorites.length,
        laundromats: laundromats.length,
        suggestions: suggestions.length,
        ownedLaundromats: owned.length,
      };
    },
  };
}
