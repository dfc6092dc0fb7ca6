-- Sums and counts behind average_rating and the five sub-scores, so each review adds to them exactly
-- instead of re-rounding a rounded average. NULL until a laundromat's first review event: rows loaded by
-- seeding or import carry only averages, and their tallies start from average × total_reviews.
ALTER TABLE laundromats
  ADD COLUMN rating_sum numeric,
  ADD COLUMN price_score_sum numeric,
  ADD COLUMN price_score_count integer,
  ADD COLUMN safety_score_sum numeric,
  ADD COLUMN safety_score_count integer,
  ADD COLUMN cleanliness_score_sum numeric,
  ADD COLUMN cleanliness_score_count integer,
  ADD COLUMN reliability_score_sum numeric,
  ADD COLUMN reliability_score_count integer,
  ADD COLUMN accessibility_score_sum numeric,
  ADD COLUMN accessibility_score_count integer;
