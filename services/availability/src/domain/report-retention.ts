import type { RetentionDeclaration, RetentionTask } from '@laundry/platform/retention';

/** Raw reports go after their period (their confirmations with them); the live states never needed them that long. */
export const reportRetention: RetentionTask = {
  dataType: 'availability-reports',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM availability_reports WHERE id IN (
         SELECT id FROM availability_reports WHERE created_at < $1 ORDER BY created_at LIMIT $2
         FOR UPDATE SKIP LOCKED
       ) RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

/** The hourly busyness aggregates (no person in them) go after their own, longer period. */
export const busynessRetention: RetentionTask = {
  dataType: 'availability-busyness-hours',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM busyness_hours WHERE (laundromat_id, hour_start) IN (
         SELECT laundromat_id, hour_start FROM busyness_hours WHERE hour_start < $1 ORDER BY hour_start LIMIT $2
         FOR UPDATE SKIP LOCKED
       ) RETURNING laundromat_id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

export const availabilityRetentionPolicies: readonly RetentionDeclaration[] = [
  {
    dataType: 'availability-reports',
    action: 'delete',
    retentionPeriodDays: 90,
    legalBasis: "Legitimate interests: showing how many machines are free, and each reporter's record",
  },
  {
    dataType: 'availability-busyness-hours',
    action: 'delete',
    // The chart reads eight weeks; a year more lets a season's pattern be compared, and holds no person.
    retentionPeriodDays: 400,
    legalBasis: 'Legitimate interests: showing how busy a laundromat usually is (aggregates, no person)',
  },
];
