import type { RetentionDeclaration, RetentionTask } from '@laundry/platform/retention';

/**
 * The owners' insights are counts per laundromat and day, naming nobody, so they are not personal data;
 * they are still not kept for ever: past the period (a year and a month, enough to compare a month with the
 * same month a year before) a day's counts are deleted.
 */
export const insightsRetentionPolicies: readonly RetentionDeclaration[] = [
  {
    dataType: 'laundromat-daily-counts',
    action: 'delete',
    retentionPeriodDays: 400,
    legalBasis: "Legitimate interests: a laundromat's owner sees how it is found and used",
  },
];

export const insightsRetentionTask: RetentionTask = {
  dataType: 'laundromat-daily-counts',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM laundromat_daily_counts WHERE (laundromat_id, day) IN (
         SELECT laundromat_id, day FROM laundromat_daily_counts WHERE day < $1::date
         ORDER BY day LIMIT $2 FOR UPDATE SKIP LOCKED
       ) RETURNING day`,
      [cutoff, limit],
    );
    return rows.length;
  },
};
