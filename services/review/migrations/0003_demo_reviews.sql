-- Demo reviews are generated with the demo laundromats (scripts/src/demo-reviews.ts), so the ratings and
-- counts the demo data set shows are made of reviews that can be listed; they are marked as those are.
ALTER TABLE reviews ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
