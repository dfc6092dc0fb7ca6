-- Refused uploads: the business document of a verification an admin rejected is deleted 30 days after the
-- refusal (the ad service asks the photo service, which keeps the file), as the privacy page says.
INSERT INTO data_retention_policies
  (service, data_type, action, retention_period_days, jurisdiction, legal_basis, auto_delete_enabled)
VALUES
  ('ad', 'refused-documents', 'delete', 30, 'GLOBAL', 'Legitimate interests: answering a dispute about the refusal', true)
ON CONFLICT (service, data_type) DO NOTHING;
