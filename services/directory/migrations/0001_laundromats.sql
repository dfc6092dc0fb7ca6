CREATE TABLE laundromats (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name varchar(255) NOT NULL,
  address text NOT NULL DEFAULT '',
  city varchar(100),
  country varchar(100),
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  location geography(Point, 4326) NOT NULL,
  time_zone text NOT NULL DEFAULT 'UTC',
  phone varchar(50),
  website text,
  hours jsonb,
  is_wash_and_fold boolean NOT NULL DEFAULT false,
  is_dry_cleaning boolean NOT NULL DEFAULT false,
  is_self_service boolean NOT NULL DEFAULT true,
  accepts_coin boolean NOT NULL DEFAULT true,
  accepts_card boolean NOT NULL DEFAULT false,
  accepts_nfc boolean NOT NULL DEFAULT false,
  has_change_machine boolean NOT NULL DEFAULT false,
  has_detergent_vending boolean NOT NULL DEFAULT false,
  has_wifi boolean NOT NULL DEFAULT false,
  has_seating boolean NOT NULL DEFAULT false,
  has_folding_tables boolean NOT NULL DEFAULT false,
  has_restroom boolean NOT NULL DEFAULT false,
  has_parking boolean NOT NULL DEFAULT false,
  has_ac boolean NOT NULL DEFAULT false,
  is_wheelchair_accessible boolean NOT NULL DEFAULT false,
  is_well_lit boolean NOT NULL DEFAULT false,
  has_staff boolean NOT NULL DEFAULT false,
  has_cctv boolean NOT NULL DEFAULT false,
  has_big_drums boolean NOT NULL DEFAULT false,
  has_hot_water boolean NOT NULL DEFAULT false,
  num_washers integer CHECK (num_washers >= 0),
  num_dryers integer CHECK (num_dryers >= 0),
  wash_price_small numeric(8, 2),
  wash_price_large numeric(8, 2),
  dry_price_15min numeric(8, 2),
  dry_price_30min numeric(8, 2),
  detergent_price numeric(8, 2),
  currency char(3) NOT NULL DEFAULT 'USD',
  average_rating numeric(3, 2) NOT NULL DEFAULT 0,
  total_reviews integer NOT NULL DEFAULT 0,
  price_score numeric(3, 2),
  safety_score numeric(3, 2),
  cleanliness_score numeric(3, 2),
  reliability_score numeric(3, 2),
  accessibility_score numeric(3, 2),
  submitted_by_id text,
  status varchar(20) NOT NULL DEFAULT 'approved' CHECK (status IN ('pending', 'approved', 'rejected')),
  is_verified boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  is_demo boolean NOT NULL DEFAULT false,
  source text NOT NULL DEFAULT 'user',
  source_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Only listed rows take part in searches, so the spatial index covers exactly those.
CREATE INDEX laundromats_location_listed_idx ON laundromats USING gist (location)
  WHERE status = 'approved' AND is_active;
-- Map viewports are lon/lat rectangles, so they are tested on the planar geometry, not on great circles.
CREATE INDEX laundromats_viewport_listed_idx ON laundromats USING gist ((location::geometry))
  WHERE status = 'approved' AND is_active;
CREATE INDEX laundromats_status_idx ON laundromats (status) WHERE status <> 'approved';
CREATE UNIQUE INDEX laundromats_source_ref_idx ON laundromats (source, source_ref) WHERE source_ref IS NOT NULL;

CREATE TABLE favorites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL,
  laundromat_id uuid NOT NULL REFERENCES laundromats (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, laundromat_id)
);
