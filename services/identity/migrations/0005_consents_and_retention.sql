-- User consent: every cookie choice a signed-in person makes, one row per choice and type. A change
-- or a withdrawal is a new row (withdrawn_at set), never an update, so the history shows what was allowed when.
CREATE TABLE user_consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  consent_type varchar(20) NOT NULL CHECK (consent_type IN ('necessary', 'analytics', 'advertising')),
  has_consented boolean NOT NULL,
  consent_version varchar(20) NOT NULL,
  legal_basis varchar(50) NOT NULL,
  jurisdiction varchar(10),
  ip_address varchar(45),
  user_agent text,
  consent_source varchar(20) NOT NULL,
  expires_at timestamptz,
  withdrawn_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX user_consents_latest ON user_consents (user_id, consent_type, created_at DESC);

CREATE FUNCTION user_consents_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent records are never changed; record a new choice instead';
END;
$$;
-- Deleting the account (ON DELETE CASCADE) still removes them; only an UPDATE is refused.
CREATE TRIGGER user_consents_append_only BEFORE UPDATE ON user_consents
  FOR EACH ROW EXECUTE FUNCTION user_consents_are_append_only();

-- Data retention policies, for every service's data (docs/adr/0017-retention-policies.md): identity keeps
-- them, each service reads its own and reports its runs. `action` says whether old rows go or are anonymised.
CREATE TABLE data_retention_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service varchar(30) NOT NULL,
  data_type varchar(60) NOT NULL,
  action varchar(10) NOT NULL CHECK (action IN ('delete', 'anonymise')),
  retention_period_days integer NOT NULL CHECK (retention_period_days BETWEEN 1 AND 3650),
  is_active boolean NOT NULL DEFAULT true,
  jurisdiction varchar(10),
  legal_basis text,
  auto_delete_enabled boolean NOT NULL DEFAULT false,
  last_cleanup_run timestamptz,
  last_cleanup_count bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service, data_type)
);

-- The defaults, as the privacy page states them (shell.legal.privacy.retention).
INSERT INTO data_retention_policies
  (service, data_type, action, retention_period_days, jurisdiction, legal_basis, auto_delete_enabled)
VALUES
  ('identity', 'sessions', 'delete', 30, 'GLOBAL', 'Contract: keeping the account secure', true),
  ('identity', 'unverified-accounts', 'delete', 30, 'GLOBAL', 'Contract: an address that was never confirmed', true),
  ('ad', 'ad-events', 'delete', 90, 'GLOBAL', 'Legitimate interests: counting, billing and fraud checks', true),
  ('ad', 'ad-event-addresses', 'anonymise', 30, 'GLOBAL', 'Legitimate interests: fraud checks', true),
  ('ad', 'audit-log-addresses', 'anonymise', 30, 'GLOBAL', 'Legitimate interests: security', true),
  ('identity', 'outbox-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('identity', 'processed-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('directory', 'outbox-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('directory', 'processed-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('review', 'outbox-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('review', 'processed-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('photo', 'outbox-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('photo', 'processed-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('ad', 'outbox-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('ad', 'processed-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('billing', 'outbox-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true),
  ('billing', 'processed-events', 'delete', 30, 'GLOBAL', 'Legitimate interests: reliable delivery', true);
