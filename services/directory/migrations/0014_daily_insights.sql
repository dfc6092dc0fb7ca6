-- A laundromat's daily counts for its verified owner's insights, by the laundromat's own calendar day.
-- Counts only: no column names a person, an address or a session, so nobody's trail can be read from it.
-- rating_sum is the sum of that day's reviews' overall stars (with reviews, that day's average).
CREATE TABLE laundromat_daily_counts (
  laundromat_id uuid NOT NULL REFERENCES laundromats (id) ON DELETE CASCADE,
  day date NOT NULL,
  search_appearances integer NOT NULL DEFAULT 0,
  detail_views integer NOT NULL DEFAULT 0,
  direction_taps integer NOT NULL DEFAULT 0,
  phone_taps integer NOT NULL DEFAULT 0,
  website_taps integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  favourites_added integer NOT NULL DEFAULT 0,
  reviews integer NOT NULL DEFAULT 0,
  rating_sum integer NOT NULL DEFAULT 0,
  PRIMARY KEY (laundromat_id, day)
);

-- The retention job deletes the oldest days first.
CREATE INDEX laundromat_daily_counts_day_idx ON laundromat_daily_counts (day);
