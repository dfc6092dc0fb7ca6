-- The availability service's live summary of each laundromat (availability.changed.v1), so a list carries
-- it in its one query. live_valid_until says when it stops being true without another event; the newest
-- event by live_computed_at wins, so one arriving late or twice changes nothing.
ALTER TABLE laundromats
  ADD COLUMN live_summary jsonb,
  ADD COLUMN live_valid_until timestamptz,
  ADD COLUMN live_computed_at timestamptz;

-- 'Washers free now' looks only at the few laundromats with a live summary.
CREATE INDEX laundromats_live_idx ON laundromats (live_valid_until) WHERE live_summary IS NOT NULL;
