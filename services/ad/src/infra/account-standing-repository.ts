import type { Db } from '@laundry/platform/db';
import type { AccountStandingStore } from '../domain/account-standing-store.ts';
import { unknownStanding, type AccountStanding } from '../domain/ad-eligibility.ts';
import { sqlE4 } from './sql-money.ts';

const flags = `email_verified_at IS NOT NULL AS "emailVerified", has_payment_method AS "hasPaymentMethod"`;

/** What the user's campaigns accrued in all (one advertiser profile per user), exactly in E4. */
async function accruedE4(db: Db, userId: string): Promise<number> {
  const [row] = await db.query<{ accruedE4: string }>(
    `SELECT ${sqlE4('COALESCE(SUM(c.total_spent), 0)')} AS "accruedE4"
     FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id WHERE a.user_id = $1`,
    [userId],
  );
  return Number(row?.accruedE4 ?? 0);
}

export function createAccountStandingRepository(): AccountStandingStore {
  return {
    async markEmailVerified(tx, userId, at) {
      await tx.query(
        `INSERT INTO account_standing (user_id, email_verified_at) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE
           SET email_verified_at = COALESCE(account_standing.email_verified_at, EXCLUDED.email_verified_at),
               updated_at = now()`,
        [userId, at.toISOString()],
      );
    },

    async setPaymentMethod(tx, userId, hasPaymentMethod, changedAt) {
      const rows = await tx.query(
        `INSERT INTO account_standing (user_id, has_payment_method, payment_method_changed_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE
           SET has_payment_method = EXCLUDED.has_payment_method,
               payment_method_changed_at = EXCLUDED.payment_method_changed_at, updated_at = now()
           WHERE account_standing.payment_method_changed_at IS NULL
              OR account_standing.payment_method_changed_at <= EXCLUDED.payment_method_changed_at
         RETURNING user_id`,
        [userId, hasPaymentMethod, changedAt.toISOString()],
      );
      return rows.length > 0;
    },

    async read(db, userId) {
      const [row] = await db.query<Omit<AccountStanding, 'accruedE4'>>(
        `SELECT ${flags} FROM account_standing WHERE user_id = $1`,
        [userId],
      );
      return { ...(row ?? unknownStanding), accruedE4: await accruedE4(db, userId) };
    },

    async lockForCharge(tx, userId) {
      const [row] = await tx.query<Omit<AccountStanding, 'accruedE4'>>(
        `SELECT ${flags} FROM account_standing WHERE user_id = $1 FOR UPDATE`,
        [userId],
      );
      // Read again under the lock: a card saved meanwhile lifts the limit, so there is nothing to sum.
      if (!row?.emailVerified) return unknownStanding;
      if (row.hasPaymentMethod) return { ...row, accruedE4: 0 };
      return { ...row, accruedE4: await accruedE4(tx, userId) };
    },
  };
}
