-- A change to what a visitor sees (title, description, image, link) of a campaign that already has an
-- approved version waits here for review, while the campaigns row keeps the approved version, which goes on
-- serving. Budgets, bids, dates, targeting and status are applied at once and never wait. One waiting change
-- per campaign: a new edit replaces it; approval copies it into the campaign; withdrawal deletes it.
CREATE TABLE campaign_pending_content (
  campaign_id uuid PRIMARY KEY REFERENCES campaigns (id),
  -- The review deciding it; the admin's queue shows this content for that review.
  review_id uuid NOT NULL UNIQUE REFERENCES moderation_reviews (id),
  title varchar(255) NOT NULL,
  description text,
  image_url varchar(2048),
  target_url varchar(2048) NOT NULL,
  -- pending while it waits; rejected or changes_requested once an admin said no (the advertiser sees why,
  -- and may edit it again or withdraw it).
  status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected', 'changes_requested')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A waiting review the advertiser withdrew (their change dropped before an admin decided) is kept, as
-- 'withdrawn', so the queue no longer shows it and the history still does.
ALTER TABLE moderation_reviews DROP CONSTRAINT moderation_reviews_status_check;
ALTER TABLE moderation_reviews ADD CONSTRAINT moderation_reviews_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'changes_requested', 'withdrawn'));
