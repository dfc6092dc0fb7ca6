-- Payment methods and charges (the Stripe adapter or the built-in test provider).

-- One per user: an advertiser profile belongs to one user (the ad service's advertisers.user_id is unique),
-- so a card can be added before billing has seen any of that advertiser's events.
CREATE TABLE billing_accounts (
  user_id uuid PRIMARY KEY,
  provider varchar(10) NOT NULL CHECK (provider IN ('stripe', 'test')),
  customer_id text,
  payment_method_id text,
  card_brand varchar(20),
  card_last4 varchar(4),
  status varchar(20) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  suspended_reason text,
  suspended_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Checkout sessions in setup mode, to match a completed one to its user.
CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL,
  provider varchar(10) NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- Every attempt to charge a statement, with its outcome: attempt n's idempotency key is fixed, so an
-- attempt repeated after a crash gets the provider's first answer back instead of a second charge.
CREATE TABLE charge_attempts (
  statement_id uuid NOT NULL REFERENCES statements (id),
  attempt integer NOT NULL CHECK (attempt >= 1),
  outcome varchar(20) NOT NULL DEFAULT 'started' CHECK (outcome IN ('started', 'succeeded', 'declined', 'no_payment_method', 'processing')),
  payment_intent_id text,
  failure_code text,
  failure_message text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (statement_id, attempt)
);

-- Stripe's webhook events already handled: a redelivery is acknowledged and changes nothing.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
