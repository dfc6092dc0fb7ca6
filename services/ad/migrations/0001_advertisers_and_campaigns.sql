-- Advertisers, their campaigns, the content reviews of those campaigns and business verifications
-- (docs/product.md, Data). Money is numeric, never a binary float: budgets and costs 10,2, per impression
-- 10,4.

CREATE TABLE advertisers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- One profile per user.
  user_id uuid NOT NULL UNIQUE,
  business_name varchar(255) NOT NULL,
  contact_email varchar(254) NOT NULL,
  contact_phone varchar(50),
  website varchar(2048),
  industry varchar(50),
  description text,
  business_address text,
  is_verified boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  stripe_customer_id text,
  stripe_account_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  advertiser_id uuid NOT NULL REFERENCES advertisers (id),
  title varchar(255) NOT NULL,
  description text,
  image_url varchar(2048),
  target_url varchar(2048) NOT NULL,
  target_countries text[] NOT NULL DEFAULT '{}',
  -- The cities as the gazetteer named them: [{ name, country, latitude, longitude }].
  target_cities jsonb NOT NULL DEFAULT '[]',
  target_latitude double precision CHECK (target_latitude BETWEEN -90 AND 90),
  target_longitude double precision CHECK (target_longitude BETWEEN -180 AND 180),
  radius_km numeric(8, 3) CHECK (radius_km > 0),
  -- The point of a radius target, for ST_DWithin when ads are chosen.
  target_point geography(Point, 4326),
  daily_budget numeric(10, 2) NOT NULL CHECK (daily_budget >= 1),
  total_budget numeric(10, 2) NOT NULL CHECK (total_budget >= 10),
  cost_per_click numeric(10, 2) NOT NULL CHECK (cost_per_click >= 0.10),
  cost_per_impression numeric(10, 4) CHECK (cost_per_impression >= 0),
  status varchar(20) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'paused', 'ended')),
  moderation_status varchar(20) NOT NULL DEFAULT 'pending'
    CHECK (moderation_status IN ('pending', 'approved', 'rejected', 'changes_requested')),
  moderation_note text,
  start_date date,
  end_date date CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
  total_impressions bigint NOT NULL DEFAULT 0,
  total_clicks bigint NOT NULL DEFAULT 0,
  total_spent numeric(14, 4) NOT NULL DEFAULT 0 CHECK (total_spent >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((target_latitude IS NULL) = (target_longitude IS NULL) AND (target_latitude IS NULL) = (radius_km IS NULL))
);
CREATE INDEX campaigns_by_advertiser ON campaigns (advertiser_id, created_at DESC);
CREATE INDEX campaigns_servable ON campaigns (status, moderation_status);

CREATE TABLE moderation_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL REFERENCES campaigns (id),
  review_type varchar(20) NOT NULL CHECK (review_type IN ('new', 'edit')),
  status varchar(20) NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'rejected', 'changes_requested')),
  flagged_content jsonb NOT NULL DEFAULT '[]',
  risk_score integer NOT NULL,
  auto_moderated boolean NOT NULL DEFAULT false,
  reviewer_notes text,
  rejection_reason text,
  required_changes text,
  reviewer_id uuid,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one review waits per campaign; an edit is refused while one does.
CREATE UNIQUE INDEX one_pending_review ON moderation_reviews (campaign_id) WHERE status = 'pending';
CREATE INDEX moderation_queue ON moderation_reviews (status, created_at);

CREATE TABLE advertiser_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  advertiser_id uuid NOT NULL REFERENCES advertisers (id),
  verification_type varchar(50) NOT NULL DEFAULT 'business_document',
  status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
  document_type varchar(50),
  document_number varchar(100),
  issuing_authority varchar(255),
  -- The document as the photo service stores it (private to the owner and admins).
  document_id uuid,
  document_url text,
  verification_method varchar(50) NOT NULL DEFAULT 'manual_review',
  verified_by uuid,
  verification_notes text,
  expires_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX one_pending_verification ON advertiser_verifications (advertiser_id) WHERE status = 'pending';
CREATE INDEX verification_queue ON advertiser_verifications (status, created_at);

-- The audit log (docs/product.md, Data): append-only. Entries arrive as audit.recorded.v1 events; the event
-- id makes a redelivery a no-op, and the trigger refuses any change or deletion, whoever asks.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL UNIQUE,
  user_id uuid,
  advertiser_id uuid,
  action varchar(100) NOT NULL,
  resource varchar(100) NOT NULL,
  resource_id varchar(255),
  ip_address varchar(45),
  user_agent text,
  endpoint text,
  http_method varchar(10),
  old_data jsonb,
  new_data jsonb,
  status varchar(20) NOT NULL DEFAULT 'success',
  error_message text,
  created_at timestamptz NOT NULL
);
CREATE INDEX audit_log_newest ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_by_user ON audit_log (user_id, created_at DESC);
CREATE INDEX audit_log_by_advertiser ON audit_log (advertiser_id, created_at DESC);
CREATE INDEX audit_log_by_resource ON audit_log (resource, resource_id);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
