-- Which notification mails a person turned off or on again (every type is on until a row says otherwise);
-- erased with the account.
CREATE TABLE notification_preferences (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_type varchar(60) NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notification_type)
);

-- Mail other services hand to identity (POST /internal/mail), keyed by the caller's mailId so a retried
-- call sends once. The content and address are kept only until the mail job sent it, then cleared.
CREATE TABLE relayed_mails (
  mail_id varchar(120) PRIMARY KEY,
  mail_type varchar(60) NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  recipient varchar(254),
  subject text,
  text_body text,
  html_body text,
  headers jsonb,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX relayed_mails_user_idx ON relayed_mails (user_id);
