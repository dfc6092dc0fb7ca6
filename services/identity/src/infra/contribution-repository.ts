import type { ContributionRepository } from '../domain/contribution-store.ts';
import { counterOf } from '../domain/contributions.ts';

const counterColumn = {
  reviewsWritten: 'reviews_written',
  photosUploaded: 'photos_uploaded',
  laundromatsAdded: 'laundromats_added',
} as const;

export function createContributionRepository(): ContributionRepository {
  return {
    async credit(tx, contribution, points) {
      const [recorded] = await tx.query(
        `INSERT INTO contributions (kind, subject_id, user_id, points)
         SELECT $1, $2, id, $4 FROM users WHERE id = $3
         ON CONFLICT DO NOTHING RETURNING subject_id`,
        [contribution.kind, contribution.subjectId, contribution.userId, points],
      );
      if (!recorded) return undefined;
      const counter = counterOf[contribution.kind];
      const column = counter === null ? undefined : counterColumn[counter];
      const [user] = await tx.query<{ totalPoints: number }>(
        `UPDATE users SET contribution_points = contribution_points + $2,
           ${column ? `${column} = ${column} + 1,` : ''} updated_at = now()
         WHERE id = $1 RETURNING contribution_points AS "totalPoints"`,
        [contribution.userId, points],
      );
      return user;
    },
    async setBadge(tx, userId, badge) {
      await tx.query(
        'UPDATE users SET contributor_badge = $2 WHERE id = $1 AND contributor_badge IS DISTINCT FROM $2',
        [userId, badge],
      );
    },
  };
}
