import type { Db } from '@laundry/platform/db';
import { anonymiseAddress, type RetentionTask } from '@laundry/platform/retention';

/**
 * Raw impressions and clicks past their period. The hourly and daily counts, the campaigns' spend and
 * billing's ledger keep the totals; only the per-view rows (with their place and page) go.
 */
export const adEventsRetention: RetentionTask = {
  dataType: 'ad-events',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM ad_events WHERE id IN (
         SELECT id FROM ad_events WHERE created_at < $1 ORDER BY created_at LIMIT $2
       ) RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

/** Cuts the address to its network and drops the user agent of up to `limit` rows of `table`. */
async function anonymiseBatch(db: Db, table: 'ad_events' | 'audit_log', cutoff: Date, limit: number) {
  const rows = await db.query<{ id: string; ipAddress: string | null }>(
    `SELECT id, ip_address AS "ipAddress" FROM ${table}
     WHERE anonymised_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [cutoff, limit],
  );
  if (rows.length === 0) return 0;
  await db.query(
    `UPDATE ${table} AS t SET ip_address = u.address, user_agent = NULL, anonymised_at = now()
     FROM unnest($1::uuid[], $2::text[]) AS u(id, address) WHERE t.id = u.id`,
    [rows.map((row) => row.id), rows.map((row) => anonymiseAddress(row.ipAddress))],
  );
  return rows.length;
}

export const adEventAddressesRetention: RetentionTask = {
  dataType: 'ad-event-addresses',
  applyBatch: (db, cutoff, limit) => anonymiseBatch(db, 'ad_events', cutoff, limit),
};

/**
 * The audit log is append-only; the one change its trigger lets through is the removal of who and from where
 * in a transaction that declares it (migration 0004, the same exception an account's erasure uses). What was
 * done, to what, by which account and when stays.
 */
export const auditLogAddressesRetention: RetentionTask = {
  dataType: 'audit-log-addresses',
  async applyBatch(db, cutoff, limit) {
    await db.query(`SELECT set_config('laundry.erasing_person', 'on', true)`);
    return anonymiseBatch(db, 'audit_log', cutoff, limit);
  },
};

/**
 * Invitations to an advertiser's team nobody accepted: their link stopped working when they expired, and the
 * address they went to is kept no longer than the period (an accepted one is deleted as it is accepted).
 */
export const teamInvitationsRetention: RetentionTask = {
  dataType: 'team-invitations',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM advertiser_invitations WHERE id IN (
         SELECT id FROM advertiser_invitations WHERE created_at < $1 AND expires_at < now()
         ORDER BY created_at LIMIT $2
       ) RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

export const adRetentionTasks: RetentionTask[] = [
  adEventsRetention,
  adEventAddressesRetention,
  auditLogAddressesRetention,
  teamInvitationsRetention,
];
