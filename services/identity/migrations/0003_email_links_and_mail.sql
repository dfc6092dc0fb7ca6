-- The address is verified once its owner follows the link e-mailed to it (or resets the password through one).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- The language the person uses the product in, set at sign-up: the e-mails to them are written in it.
ALTER TABLE users ADD COLUMN language varchar(5) NOT NULL DEFAULT 'en';

-- The single-use links e-mailed to a person. Only a SHA-256 of the link's secret is kept, so a copy of this
-- table opens no account. `email` is the address the link went to: it verifies that address and no other.
CREATE TABLE account_links (
  token_hash char(64) PRIMARY KEY,
  purpose varchar(20) NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email varchar(254) NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_links_user_idx ON account_links (user_id, purpose);

-- The embedded mode's local outbox: mail that would have been sent, shown at /dev/mail. Nothing writes here
-- when SMTP_URL sends the mail.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient varchar(254) NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
