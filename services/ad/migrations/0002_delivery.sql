-- Ad delivery (docs/product.md, Data: ad placement and ad event): the slots ads are served in, each
-- campaign's spend per day (so a daily budget is held exactly), every impression and click with why it was or
-- was not billed, and hourly rollups for the reports.

CREATE TABLE ad_placements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key varchar(50) NOT NULL UNIQUE,
  name varchar(255) NOT NULL,
  description text,
  placement_type varchar(50) NOT NULL,
  position varchar(50),
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  is_responsive boolean NOT NULL DEFAULT true,
  base_price numeric(10, 2),
  premium_multiplier numeric(3, 2) NOT NULL DEFAULT 1.0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO ad_placements (key, name, description, placement_type, position, width, height, is_responsive,
                           base_price, premium_multiplier)
VALUES
  ('home-sidebar', 'Home page, beside the results', 'The slot in the search sidebar of the home page.',
   'display', 'sidebar', 300, 250, true, 2.00, 1.00),
  ('home-page', 'Home page, below the results', 'The wide slot of the home page.',
   'display', 'inline', 728, 90, true, 1.50, 1.00),
  ('laundromat-detail', 'Laundromat details', 'The slot in a laundromat''s detail view.',
   'display', 'detail', 320, 100, true, 2.50, 1.20);

-- Per viewer and campaign, how many impressions a day at most (null: no cap); the time zone its day runs in.
ALTER TABLE campaigns ADD COLUMN frequency_cap integer CHECK (frequency_cap IS NULL OR frequency_cap > 0);
ALTER TABLE campaigns ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

-- What a campaign spent each day of its time zone; a charge is added only while it stays within the budget.
CREATE TABLE campaign_daily_spend (
  campaign_id uuid NOT NULL REFERENCES campaigns (id),
  day date NOT NULL,
  spent numeric(14, 4) NOT NULL DEFAULT 0 CHECK (spent >= 0),
  impressions bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day)
);

CREATE TABLE ad_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The decision the event belongs to (the token's nonce); a valid impression or click counts once per decision.
  decision_id uuid NOT NULL,
  campaign_id uuid NOT NULL REFERENCES campaigns (id),
  placement_id uuid REFERENCES ad_placements (id),
  event_type varchar(20) NOT NULL CHECK (event_type IN ('impression', 'click')),
  user_id uuid,
  user_agent text,
  ip_address varchar(45),
  user_latitude double precision,
  user_longitude double precision,
  user_city varchar(100),
  user_country varchar(100),
  referrer_url text,
  page_url text,
  laundromat_id uuid,
  -- What the advertiser was charged (0 for an unbilled event) and what the platform keeps of it.
  cost numeric(10, 4) NOT NULL DEFAULT 0,
  revenue numeric(10, 4) NOT NULL DEFAULT 0,
  -- null: valid; else why it is not billed (bot, replayed, expired, burst, own_ad, budget_exhausted, ...).
  invalid_reason varchar(50),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ad_events_once_per_decision ON ad_events (decision_id, event_type) WHERE invalid_reason IS NULL;
CREATE INDEX ad_events_by_campaign ON ad_events (campaign_id, created_at);

-- Hourly counts per campaign, placement, place and laundromat, kept up to date with each counted event.
CREATE TABLE ad_stats_hourly (
  campaign_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  placement_key varchar(50) NOT NULL,
  country varchar(100) NOT NULL DEFAULT '',
  city varchar(100) NOT NULL DEFAULT '',
  -- The nil uuid when the ad was not shown beside a laundromat, so the row has one key.
  laundromat_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  impressions bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  invalid bigint NOT NULL DEFAULT 0,
  spend numeric(14, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, hour, placement_key, country, city, laundromat_id)
);
