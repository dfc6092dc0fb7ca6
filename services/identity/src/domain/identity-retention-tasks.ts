import { createEvent, userDeletedV1 } from '@laundry/contracts';
import type { Outbox } from '@laundry/platform/outbox';
import type { RetentionDeclaration, RetentionTask } from '@laundry/platform/retention';

/** Identity's data past its period, as the privacy page states it (shell.legal.privacy.retention). */
export const identityRetentionPolicies: readonly RetentionDeclaration[] = [
  {
    dataType: 'sessions',
    action: 'delete',
    retentionPeriodDays: 30,
    legalBasis: 'Contract: keeping the account secure',
  },
  {
    dataType: 'unverified-accounts',
    action: 'delete',
    retentionPeriodDays: 30,
    legalBasis: 'Contract: an address that was never confirmed',
  },
];

/**
 * Sign-in records (docs/product.md, Data: sessions) once the session ended or expired: the row is only there
 * to show the person where they are signed in, and a session past its end opens nothing.
 */
export const sessionsRetention: RetentionTask = {
  dataType: 'sessions',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM sessions WHERE sid IN (
         -- LEAST skips a null ended_at: a session still open counts from its expiry.
         SELECT sid FROM sessions WHERE LEAST(ended_at, expires_at) < $1 LIMIT $2
       ) RETURNING sid`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

/**
 * Accounts whose address was never confirmed, signed up before the period and never used to contribute
 * (no points): an address typed by mistake, or someone else's, is not kept. Admins are never removed. Each
 * removal is an erasure like DELETE /api/me (docs/adr/0018-account-erasure.md): user.deleted.v1 in the same
 * transaction, so the other services erase what they hold (favourites, consents elsewhere), and the local
 * outbox's copies of the mail sent to the address go.
 */
export function unverifiedAccountsRetention(outbox: Outbox): RetentionTask {
  return {
    dataType: 'unverified-accounts',
    async applyBatch(db, cutoff, limit) {
      const rows = await db.query<{ id: string; email: string }>(
        `DELETE FROM users WHERE id IN (
           SELECT id FROM users
           WHERE email_verified_at IS NULL AND created_at < $1 AND contribution_points = 0 AND role = 'user'
             AND NOT EXISTS (SELECT 1 FROM contributions c WHERE c.user_id = users.id)
           ORDER BY created_at LIMIT $2
         ) RETURNING id, email`,
        [cutoff, limit],
      );
      for (const row of rows) {
        await db.query('DELETE FROM mail_outbox WHERE lower(recipient) = lower($1)', [row.email]);
        await outbox.record(
          db,
          createEvent(userDeletedV1, outbox.producer, { userId: row.id, erasedAt: new Date().toISOString() }),
        );
      }
      return rows.length;
    },
  };
}

export const identityRetentionTasks = (outbox: Outbox): RetentionTask[] => [
  sessionsRetention,
  unverifiedAccountsRetention(outbox),
];
