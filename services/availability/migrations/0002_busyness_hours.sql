-- How busy each laundromat was, per UTC hour: the week-by-hour chart is drawn from these, so it outlives the
-- raw reports (kept 90 days) and reads a few hundred rows instead of eight weeks of reports. Reports are
-- summed again from the raw rows for recent hours (idempotent); feed samples are added as they are taken.
CREATE TABLE busyness_hours (
  laundromat_id uuid NOT NULL,
  hour_start timestamptz NOT NULL,
  -- Σ weight × occupancy and Σ weight of the hour's reports (weight by where each was made from).
  report_occupancy double precision NOT NULL DEFAULT 0,
  report_weight double precision NOT NULL DEFAULT 0,
  -- Σ share in use and the count of the feed's samples in the hour.
  feed_occupancy double precision NOT NULL DEFAULT 0,
  feed_samples integer NOT NULL DEFAULT 0,
  PRIMARY KEY (laundromat_id, hour_start),
  CHECK (extract(epoch FROM hour_start) % 3600 = 0)
);
-- The retention job deletes by age.
CREATE INDEX busyness_hours_age_idx ON busyness_hours (hour_start);
