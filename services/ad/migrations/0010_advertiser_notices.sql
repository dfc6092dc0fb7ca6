-- What an advertiser is told on their dashboard (advertiser.notice-raised.v1, from this service and from
-- billing): the facts of each notice, which the portal words in the reader's language. Keyed by the notice's
-- id (its kind, the thing and its version), so a redelivered event stores nothing twice. Erased with the
-- account.
CREATE TABLE advertiser_notices (
  notice_id varchar(140) PRIMARY KEY,
  user_id uuid NOT NULL,
  advertiser_id uuid NOT NULL,
  kind varchar(40) NOT NULL,
  data jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  dismissed_at timestamptz
);

CREATE INDEX advertiser_notices_user_idx ON advertiser_notices (user_id, occurred_at DESC);
