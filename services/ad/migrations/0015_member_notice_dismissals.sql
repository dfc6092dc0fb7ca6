-- A colleague on an advertiser's team reads the account's notices their role covers and dismisses them for
-- themselves alone; the owner's own dismissal stays on the notice (advertiser_notices.dismissed_at). Gone
-- with the notice, and with the person's account (the erasure deletes their rows).
CREATE TABLE advertiser_notice_dismissals (
  notice_id varchar(140) NOT NULL REFERENCES advertiser_notices (notice_id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  dismissed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notice_id)
);

CREATE INDEX advertiser_notices_advertiser_idx ON advertiser_notices (advertiser_id, occurred_at DESC);
