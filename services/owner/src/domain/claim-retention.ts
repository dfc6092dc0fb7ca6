import type { RetentionDeclaration, RetentionTask } from '@laundry/platform/retention';

/**
 * Ended claims (rejected, released, failed, expired) are kept a year for a later dispute, then deleted; a
 * code nobody used is ended by age as well. Open and verified claims stay while they are.
 */
export const endedClaimsRetention: RetentionTask = {
  dataType: 'owner-claims-ended',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM claims WHERE id IN (
         SELECT id FROM claims
         WHERE (status IN ('rejected', 'released', 'failed', 'expired') AND updated_at < $1)
            OR (status = 'awaiting-code' AND code_expires_at < $1)
         ORDER BY updated_at LIMIT $2
         FOR UPDATE SKIP LOCKED
       ) RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

export const ownerRetentionPolicies: readonly RetentionDeclaration[] = [
  {
    dataType: 'owner-claims-ended',
    action: 'delete',
    retentionPeriodDays: 365,
    legalBasis: 'Legitimate interests: answering a dispute over who runs a laundromat',
  },
];
