-- Invitations to an advertiser's team nobody accepted (their link stops working after 14 days) are deleted
-- 30 days after they were sent, as the privacy page says.
INSERT INTO data_retention_policies
  (service, data_type, action, retention_period_days, jurisdiction, legal_basis, auto_delete_enabled)
VALUES
  ('ad', 'team-invitations', 'delete', 30, 'GLOBAL', 'Legitimate interests: showing the owner whom they invited', true)
ON CONFLICT (service, data_type) DO NOTHING;
