-- Retention (docs/adr/0017-retention-policies.md): the addresses and user agents of ad events and audit entries
-- are cut down once past their policy's period; the mark keeps a run from picking the same row again.
ALTER TABLE ad_events ADD COLUMN anonymised_at timestamptz;
CREATE INDEX ad_events_to_anonymise ON ad_events (created_at) WHERE anonymised_at IS NULL;
CREATE INDEX ad_events_by_time ON ad_events (created_at);

ALTER TABLE audit_log ADD COLUMN anonymised_at timestamptz;
CREATE INDEX audit_log_to_anonymise ON audit_log (created_at) WHERE anonymised_at IS NULL;
