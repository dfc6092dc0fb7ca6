import type { AttemptRow, BillingAccountRow, DeclineRow, PaymentStore } from '../domain/payment-store.ts';

interface AccountRow {
  userId: string;
  provider: 'stripe' | 'test';
  customerId: string | null;
  paymentMethodId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
  status: 'active' | 'suspended';
  suspendedReason: string | null;
  suspendedAt: Date | string | null;
}

export function createPaymentRepository(): PaymentStore {
  return {
    async account(tx, userId): Promise<BillingAccountRow | undefined> {
      const [row] = await tx.query<AccountRow>(
        `SELECT user_id AS "userId", provider, customer_id AS "customerId", payment_method_id AS "paymentMethodId",
                card_brand AS "cardBrand", card_last4 AS "cardLast4",
                card_exp_month AS "cardExpMonth", card_exp_year AS "cardExpYear", status, suspended_reason AS "suspendedReason",
                suspended_at AS "suspendedAt"
         FROM billing_accounts WHERE user_id = $1`,
        [userId],
      );
      if (!row) return undefined;
      return {
        userId: row.userId,
        provider: row.provider,
        customerId: row.customerId,
        card: row.paymentMethodId
          ? {
              paymentMethodId: row.paymentMethodId,
              brand: row.cardBrand ?? '',
              last4: row.cardLast4 ?? '',
              expMonth: row.cardExpMonth,
              expYear: row.cardExpYear,
            }
          : null,
        status: row.status,
        suspendedReason: row.suspendedReason,
        suspendedAt: row.suspendedAt ? new Date(row.suspendedAt) : null,
      };
    },

    async saveCustomer(tx, userId, provider, customerId) {
      // A customer of another provider (test mode before live keys) is replaced, with its card.
      await tx.query(
        `INSERT INTO billing_accounts (user_id, provider, customer_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET
           customer_id = EXCLUDED.customer_id, provider = EXCLUDED.provider, updated_at = now(),
           payment_method_id = CASE WHEN billing_accounts.provider = EXCLUDED.provider
                                    AND billing_accounts.customer_id = EXCLUDED.customer_id
                                    THEN billing_accounts.payment_method_id END,
           card_brand = CASE WHEN billing_accounts.provider = EXCLUDED.provider
                             AND billing_accounts.customer_id = EXCLUDED.customer_id
                             THEN billing_accounts.card_brand END,
           card_last4 = CASE WHEN billing_accounts.provider = EXCLUDED.provider
                             AND billing_accounts.customer_id = EXCLUDED.customer_id
                             THEN billing_accounts.card_last4 END,
           card_exp_month = CASE WHEN billing_accounts.provider = EXCLUDED.provider
                                 AND billing_accounts.customer_id = EXCLUDED.customer_id
                                 THEN billing_accounts.card_exp_month END,
           card_exp_year = CASE WHEN billing_accounts.provider = EXCLUDED.provider
                                AND billing_accounts.customer_id = EXCLUDED.customer_id
                                THEN billing_accounts.card_exp_year END`,
        [userId, provider, customerId],
      );
    },

    async saveCard(tx, userId, provider, customerId, card) {
      await tx.query(
        `INSERT INTO billing_accounts (user_id, provider, customer_id, payment_method_id, card_brand, card_last4,
                                       card_exp_month, card_exp_year)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id,
           payment_method_id = EXCLUDED.payment_method_id, card_brand = EXCLUDED.card_brand,
           card_last4 = EXCLUDED.card_last4, card_exp_month = EXCLUDED.card_exp_month,
           card_exp_year = EXCLUDED.card_exp_year, updated_at = now()`,
        [
          userId,
          provider,
          customerId,
          card.paymentMethodId,
          card.brand.slice(0, 20),
          card.last4.slice(0, 4),
          card.expMonth,
          card.expYear,
        ],
      );
    },

    async removeCard(tx, userId, paymentMethodId) {
      const rows = await tx.query(
        `UPDATE billing_accounts SET payment_method_id = NULL, card_brand = NULL, card_last4 = NULL,
           card_exp_month = NULL, card_exp_year = NULL, updated_at = now()
         WHERE user_id = $1 AND payment_method_id = $2 RETURNING user_id`,
        [userId, paymentMethodId],
      );
      return rows.length > 0;
    },

    async suspend(tx, userId, reason, at) {
      await tx.query(
        `INSERT INTO billing_accounts (user_id, provider, status, suspended_reason, suspended_at)
         VALUES ($1, 'test', 'suspended', $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET status = 'suspended', suspended_reason = $2, suspended_at = $3,
           updated_at = now()`,
        [userId, reason, at.toISOString()],
      );
    },

    async reopenFailed(tx, userId, at) {
      const rows = await tx.query(
        `UPDATE statements SET payment_status = 'due', next_attempt_at = $2
         WHERE payment_status = 'failed' AND status = 'pending'
           AND advertiser_id IN (SELECT advertiser_id FROM advertiser_owners WHERE user_id = $1)
         RETURNING id`,
        [userId, at.toISOString()],
      );
      return rows.length;
    },

    async reactivateIfSettled(tx, userId) {
      const rows = await tx.query(
        `UPDATE billing_accounts SET status = 'active', suspended_reason = NULL, suspended_at = NULL, updated_at = now()
         WHERE user_id = $1 AND status = 'suspended'
           AND NOT EXISTS (
             SELECT 1 FROM statements s JOIN advertiser_owners o ON o.advertiser_id = s.advertiser_id
             WHERE o.user_id = $1 AND s.payment_status = 'failed' AND s.status = 'pending')
         RETURNING user_id`,
        [userId],
      );
      return rows.length === 1;
    },

    async saveCheckoutSession(tx, session) {
      await tx.query(
        `INSERT INTO checkout_sessions (id, user_id, provider) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [session.id, session.userId, session.provider],
      );
    },

    async lockCheckoutSession(tx, id) {
      const [row] = await tx.query<{ id: string; userId: string; status: 'open' | 'complete' }>(
        `SELECT id, user_id AS "userId", status FROM checkout_sessions WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row;
    },

    async completeCheckoutSession(tx, id, at) {
      await tx.query(`UPDATE checkout_sessions SET status = 'complete', completed_at = $2 WHERE id = $1`, [
        id,
        at.toISOString(),
      ]);
    },

    async claimDue(tx, now) {
      const [row] = await tx.query<{ id: string }>(
        `SELECT id FROM statements
         WHERE payment_status = 'due' AND status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now.toISOString()],
      );
      return row?.id;
    },

    async lastDeclines(tx, statementIds) {
      if (statementIds.length === 0) return new Map<string, DeclineRow>();
      // The last attempt with an outcome: one still running says nothing new about the card.
      const rows = await tx.query<{
        statementId: string;
        outcome: string;
        code: string | null;
        message: string | null;
        at: Date | string | null;
      }>(
        `SELECT DISTINCT ON (statement_id) statement_id AS "statementId", outcome, failure_code AS code,
                failure_message AS message, finished_at AS at
         FROM charge_attempts WHERE statement_id = ANY($1::uuid[]) AND outcome <> 'started'
         ORDER BY statement_id, attempt DESC`,
        [statementIds],
      );
      return new Map(
        rows
          .filter((row) => row.outcome === 'declined' || row.outcome === 'no_payment_method')
          .map((row) => [
            row.statementId,
            {
              code: row.code ?? row.outcome,
              message: row.message ?? '',
              at: row.at ? new Date(row.at) : null,
            },
          ]),
      );
    },

    async lastAttempt(tx, statementId): Promise<AttemptRow | undefined> {
      const [row] = await tx.query<AttemptRow>(
        `SELECT attempt, outcome, payment_intent_id AS "paymentIntentId" FROM charge_attempts
         WHERE statement_id = $1 ORDER BY attempt DESC LIMIT 1`,
        [statementId],
      );
      return row;
    },

    async startAttempt(tx, statementId, attempt) {
      await tx.query(`INSERT INTO charge_attempts (statement_id, attempt) VALUES ($1, $2)`, [
        statementId,
        attempt,
      ]);
    },

    async finishAttempt(tx, statementId, attempt, outcome, details) {
      await tx.query(
        `UPDATE charge_attempts SET outcome = $3, payment_intent_id = COALESCE($4, payment_intent_id),
                failure_code = $5, failure_message = $6, finished_at = $7
         WHERE statement_id = $1 AND attempt = $2`,
        [
          statementId,
          attempt,
          outcome,
          details.paymentIntentId,
          details.code,
          details.message?.slice(0, 1000) ?? null,
          details.at.toISOString(),
        ],
      );
    },

    async scheduleStatement(tx, statementId, change) {
      await tx.query(
        `UPDATE statements SET attempts = $2, next_attempt_at = $3, payment_status = $4,
                stripe_payment_intent_id = COALESCE($5, stripe_payment_intent_id), payout_notes = $6
         WHERE id = $1 AND status = 'pending'`,
        [
          statementId,
          change.attempts,
          change.nextAttemptAt?.toISOString() ?? null,
          change.paymentStatus,
          change.paymentIntentId,
          change.notes,
        ],
      );
    },

    async rememberEvent(tx, id, type) {
      const rows = await tx.query(
        `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [id.slice(0, 255), type.slice(0, 255)],
      );
      return rows.length === 1;
    },
  };
}
