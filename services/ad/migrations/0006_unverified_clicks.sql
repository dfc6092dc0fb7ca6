-- A click whose token the service did not sign (forged or damaged) is kept as invalid traffic too. Nothing in
-- such a token is trusted: its event names the campaign it claims only when that campaign exists, else none.
ALTER TABLE ad_events ALTER COLUMN campaign_id DROP NOT NULL;
