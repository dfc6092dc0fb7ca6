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

/**
 * Transfers hold the address they were sent to. One that ended (accepted, cancelled or expired) is kept 90
 * days for a question about the handover, then deleted: the new owner's claim (by 'transfer') and the audit
 * log keep that it happened, without the address. A pending one past its 7 days counts from its expiry.
 */
export const endedTransfersRetention: RetentionTask = {
  dataType: 'owner-claim-transfers-ended',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM claim_transfers WHERE id IN (
         SELECT id FROM claim_transfers
         WHERE (status <> 'pending' AND updated_at < $1) OR (status = 'pending' AND expires_at < $1)
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
  {
    dataType: 'owner-claim-transfers-ended',
    action: 'delete',
    retentionPeriodDays: 90,
    legalBasis: 'Legitimate interests: answering a question about a laundromat handed over to a new owner',
  },
];
