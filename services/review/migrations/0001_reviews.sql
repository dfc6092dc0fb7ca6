CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Laundromats and users live in other services; ids only, no foreign keys across services.
  laundromat_id uuid NOT NULL,
  user_id uuid NOT NULL,
  overall_rating smallint NOT NULL CHECK (overall_rating BETWEEN 1 AND 5),
  price_rating smallint CHECK (price_rating BETWEEN 1 AND 5),
  safety_rating smallint CHECK (safety_rating BETWEEN 1 AND 5),
  cleanliness_rating smallint CHECK (cleanliness_rating BETWEEN 1 AND 5),
  reliability_rating smallint CHECK (reliability_rating BETWEEN 1 AND 5),
  accessibility_rating smallint CHECK (accessibility_rating BETWEEN 1 AND 5),
  visit_time varchar(10) CHECK (visit_time IN ('day', 'night')),
  checklist_items jsonb NOT NULL DEFAULT '[]',
  observed_wash_price text,
  observed_dry_price text,
  review_text text,
  tips text,
  photos jsonb NOT NULL DEFAULT '[]',
  is_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The UTC calendar day of created_at, the unit of the one-review-a-day rule.
  review_day date NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')::date
);

-- The rule "one review per user, laundromat and day" is this index, so two concurrent posts cannot both pass.
CREATE UNIQUE INDEX reviews_one_per_day_idx ON reviews (user_id, laundromat_id, review_day);
-- Newest first per laundromat, with the id as tie-breaker of the page cursor.
CREATE INDEX reviews_laundromat_newest_idx ON reviews (laundromat_id, created_at DESC, id DESC);
