-- Sessions: one row per sign-in, so a person can see where they are signed in and end a session.
-- The session itself is the signed cookie (its jti is `sid`); ending one records it in the revocation list
-- the gateway reads, and `ended_at` here. Only a summary of the browser and a shortened address are kept.
CREATE TABLE sessions (
  sid uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  browser varchar(60),
  os varchar(60),
  address varchar(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);

CREATE INDEX sessions_user_idx ON sessions (user_id, created_at DESC);

-- A link sent to a new address: following it makes that address the account's.
ALTER TABLE account_links DROP CONSTRAINT account_links_purpose_check;
ALTER TABLE account_links
  ADD CONSTRAINT account_links_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'change-email'));
