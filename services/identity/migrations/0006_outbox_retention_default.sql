-- The outbox deleted its published events after 7 days on its own until the retention job took that over
-- (docs/adr/0017-retention-policies.md): the outbox-events policies start at those 7 days.
UPDATE data_retention_policies SET retention_period_days = 7, updated_at = now()
WHERE data_type = 'outbox-events' AND retention_period_days = 30;
