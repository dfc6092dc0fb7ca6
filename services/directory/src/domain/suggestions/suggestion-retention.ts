import type { RetentionDeclaration, RetentionTask } from '@laundry/platform/retention';

/**
 * A decided suggestion stops naming its author after its period: the change, its decision and the
 * laundromat's history stay (they explain the laundromat's values); who sent it and their note go.
 * Pending suggestions wait for their decision, whatever their age.
 */
export const suggestionAuthorsRetention: RetentionTask = {
  dataType: 'laundromat-suggestion-authors',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `UPDATE laundromat_suggestions SET user_id = NULL, user_email = NULL, note = NULL
       WHERE id IN (
         SELECT id FROM laundromat_suggestions
         WHERE status <> 'pending' AND decided_at < $1
           AND (user_id IS NOT NULL OR user_email IS NOT NULL OR note IS NOT NULL)
         ORDER BY decided_at LIMIT $2 FOR UPDATE SKIP LOCKED
       ) RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

export const suggestionRetentionTasks: RetentionTask[] = [suggestionAuthorsRetention];

export const suggestionRetentionPolicies: readonly RetentionDeclaration[] = [
  {
    dataType: 'laundromat-suggestion-authors',
    action: 'anonymise',
    retentionPeriodDays: 365,
    legalBasis: 'Legitimate interests: answering questions about a correction and its decision',
  },
];
