-- Statements (docs/product.md, Data): one per advertiser and closed period, charged, then processed.

-- Closed periods form a chain: each starts where the one before ended. A unique start means a period is
-- closed once, however many jobs or admins try at the same moment.
CREATE TABLE billing_periods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  period_start timestamptz NOT NULL UNIQUE,
  period_end timestamptz NOT NULL UNIQUE,
  closed_by varchar(10) NOT NULL CHECK (closed_by IN ('schedule', 'admin')),
  closed_by_user_id uuid,
  closed_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_end > period_start)
);

CREATE TABLE statements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  advertiser_id uuid NOT NULL,
  period_id uuid NOT NULL REFERENCES billing_periods (id),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  total_impressions integer NOT NULL CHECK (total_impressions >= 0),
  total_clicks integer NOT NULL CHECK (total_clicks >= 0),
  -- The exact sum of the statement's ledger entries, and the figures rounded from it (domain/money.ts).
  revenue_e4 bigint NOT NULL CHECK (revenue_e4 >= 0),
  total_revenue_cents bigint NOT NULL CHECK (total_revenue_cents >= 0),
  fee_rate_bp integer NOT NULL CHECK (fee_rate_bp BETWEEN 0 AND 10000),
  platform_fee_cents bigint NOT NULL CHECK (platform_fee_cents >= 0),
  advertiser_charge_cents bigint NOT NULL CHECK (advertiser_charge_cents = total_revenue_cents + platform_fee_cents),
  currency char(3) NOT NULL DEFAULT 'USD',
  status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed')),
  -- Where its charge stands: due (waiting for an attempt), failed (every attempt declined), paid, or
  -- nothing_due (a statement of free impressions only).
  payment_status varchar(20) NOT NULL DEFAULT 'due'
    CHECK (payment_status IN ('due', 'failed', 'paid', 'nothing_due')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  stripe_payment_intent_id text,
  stripe_charge_id text,
  payout_notes text,
  invoice_number varchar(30) UNIQUE,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (advertiser_id, period_id),
  CHECK ((status = 'processed') = (processed_at IS NOT NULL)),
  CHECK ((status = 'processed') = (invoice_number IS NOT NULL))
);
CREATE INDEX statements_by_advertiser ON statements (advertiser_id, period_start DESC);
CREATE INDEX statements_due ON statements (next_attempt_at) WHERE payment_status = 'due';

-- Which statement billed each ledger entry: an entry is billed once (its primary key), and never moved.
CREATE TABLE statement_entries (
  entry_id bigint PRIMARY KEY REFERENCES ledger_entries (id),
  statement_id uuid NOT NULL REFERENCES statements (id)
);
CREATE INDEX statement_entries_by_statement ON statement_entries (statement_id);
CREATE TRIGGER statement_entries_append_only BEFORE UPDATE OR DELETE ON statement_entries
  FOR EACH ROW EXECUTE FUNCTION billing_append_only();
CREATE TRIGGER statement_entries_no_truncate BEFORE TRUNCATE ON statement_entries
  FOR EACH STATEMENT EXECUTE FUNCTION billing_append_only();

-- Invoice numbers without gaps, per calendar year: taken in the transaction that marks a statement paid.
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);
