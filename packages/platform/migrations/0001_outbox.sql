-- Events written in the same transaction as the change they announce, relayed to the bus after commit.
CREATE TABLE IF NOT EXISTS outbox (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  type text NOT NULL,
  envelope jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);

CREATE INDEX IF NOT EXISTS outbox_pending_idx ON outbox (seq) WHERE published_at IS NULL;
