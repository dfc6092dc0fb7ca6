-- Refunds of a charged statement, each with its credit note. The money goes back through the payment provider;
-- the refund is also posted to the ledger as an entry of its own kind, 'refund': ad revenue given back to the
-- advertiser as money (not as a credit against the next statement, which is what 'credit' is).

ALTER TABLE ledger_entries
  DROP CONSTRAINT ledger_entries_kind_check,
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('impression', 'click', 'credit', 'refund')),
  DROP CONSTRAINT ledger_entries_check1,
  ADD CONSTRAINT ledger_entries_accounts_by_kind CHECK (
    (kind = 'credit' AND debit_account = 'platform:ad-revenue' AND credit_account = 'advertiser:receivable')
    OR (kind = 'refund' AND debit_account = 'platform:ad-revenue' AND credit_account = 'advertiser:refunded')
    OR (kind IN ('impression', 'click') AND debit_account = 'advertiser:receivable'
        AND credit_account = 'platform:ad-revenue')
  );

-- Credit note numbers without gaps, per calendar year, apart from the invoices' (CN-2026-000001).
CREATE TABLE credit_note_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);

-- One row per refund that went through: its id is the provider's idempotency key and the ledger entry's
-- source, so a repeated call can neither refund nor post twice.
CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  statement_id uuid NOT NULL REFERENCES statements (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  currency char(3) NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  credit_note_number varchar(30) NOT NULL UNIQUE,
  provider_refund_id text NOT NULL,
  admin_user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_by_statement ON refunds (statement_id, created_at);
CREATE TRIGGER refunds_append_only BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION billing_append_only();
