import type { Db } from '@laundry/platform/db';
import type { PersonalDataStore } from '../domain/personal-data.ts';

export function createPersonalDataRepository(db: Db): PersonalDataStore {
  return {
    statements: (userId) =>
      db.query(
        `SELECT s.id, s.advertiser_id AS "advertiserId", s.period_start AS "periodStart",
                s.period_end AS "periodEnd", s.total_impressions AS "totalImpressions",
                s.total_clicks AS "totalClicks", s.total_revenue_cents AS "totalRevenueCents",
                s.platform_fee_cents AS "platformFeeCents", s.advertiser_charge_cents AS "advertiserChargeCents",
                s.currency, s.status, s.payment_status AS "paymentStatus"
         FROM statements s JOIN advertiser_owners o ON o.advertiser_id = s.advertiser_id
         WHERE o.user_id = $1 ORDER BY s.period_start`,
        [userId],
      ),
    billingAccount: (userId) =>
      db.query(
        `SELECT provider, card_brand AS "cardBrand", card_last4 AS "cardLast4", status,
                suspended_reason AS "suspendedReason", updated_at AS "updatedAt"
         FROM billing_accounts WHERE user_id = $1`,
        [userId],
      ),
    billingDetails: (userId) =>
      db.query(
        `SELECT legal_name AS "legalName", address_line1 AS "addressLine1", address_line2 AS "addressLine2",
                postal_code AS "postalCode", city, country, tax_id AS "taxId", tax_id_status AS "taxIdStatus",
                language, updated_at AS "updatedAt"
         FROM billing_details WHERE user_id = $1`,
        [userId],
      ),
    async anonymise(tx, userId) {
      const [{ anonymous }] = (await tx.query<{ anonymous: string }>(
        'SELECT gen_random_uuid()::text AS anonymous',
      )) as [{ anonymous: string }];
      // Settled first: every unpaid statement of theirs is due now, for the charge job's immediate attempt
      // with the payment method the account holds (a declined one then follows the usual retries).
      const unpaid = await tx.query(
        `UPDATE statements SET payment_status = 'due', next_attempt_at = now()
         WHERE status = 'pending' AND payment_status IN ('due', 'failed')
           AND advertiser_id IN (SELECT advertiser_id FROM advertiser_owners WHERE user_id = $1)
         RETURNING id`,
        [userId],
      );
      await tx.query('UPDATE advertiser_owners SET user_id = $2 WHERE user_id = $1', [userId, anonymous]);
      await tx.query('UPDATE billing_accounts SET user_id = $2 WHERE user_id = $1', [userId, anonymous]);
      await tx.query('UPDATE billing_details SET user_id = $2 WHERE user_id = $1', [userId, anonymous]);
      await tx.query('DELETE FROM checkout_sessions WHERE user_id = $1', [userId]);
      return { unpaidStatements: unpaid.length };
    },
  };
}
