-- Visitors' reports of free machines. Laundromats and people live in other services: ids only. The
-- reporter's position is never stored, only its distance band; user_id is NULL once the account is erased.
CREATE TABLE availability_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  laundromat_id uuid NOT NULL,
  user_id uuid,
  kind text NOT NULL CHECK (kind IN ('counts', 'all-free', 'some-free', 'full')),
  washers_free smallint,
  washers_total smallint,
  dryers_free smallint,
  dryers_total smallint,
  out_of_order_washers smallint NOT NULL DEFAULT 0,
  out_of_order_dryers smallint NOT NULL DEFAULT 0,
  wait_minutes smallint,
  note text,
  distance_band text NOT NULL CHECK (distance_band IN ('on-site', 'near', 'far', 'unknown')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (washers_free BETWEEN 0 AND 200 AND washers_total BETWEEN 0 AND 200 AND washers_free <= washers_total),
  CHECK (dryers_free BETWEEN 0 AND 200 AND dryers_total BETWEEN 0 AND 200 AND dryers_free <= dryers_total),
  CHECK ((washers_free IS NULL) = (washers_total IS NULL) AND (dryers_free IS NULL) = (dryers_total IS NULL))
);
CREATE INDEX availability_reports_recent_idx ON availability_reports (laundromat_id, created_at DESC);
CREATE INDEX availability_reports_reporter_idx ON availability_reports (user_id, created_at DESC);
-- The retention job deletes by age.
CREATE INDEX availability_reports_age_idx ON availability_reports (created_at);

-- 'Still right' / 'Not right' on a report; one opinion per person per report (the latest counts).
CREATE TABLE report_confirmations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES availability_reports (id) ON DELETE CASCADE,
  user_id uuid,
  agree boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX report_confirmations_one_per_person_idx ON report_confirmations (report_id, user_id);

-- Machine totals learnt from reports (and the listing's counts before any report gave them).
CREATE TABLE laundromat_totals (
  laundromat_id uuid PRIMARY KEY,
  washers_total smallint,
  dryers_total smallint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Keys a laundromat's own system posts its machines' states with; only their SHA-256 is kept.
CREATE TABLE feed_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  laundromat_id uuid NOT NULL,
  label text,
  key_hash text NOT NULL UNIQUE,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- Each machine's last state from its feed.
CREATE TABLE machine_states (
  laundromat_id uuid NOT NULL,
  machine_id text NOT NULL,
  machine_type text NOT NULL CHECK (machine_type IN ('washer', 'dryer')),
  capacity_kg numeric(5, 1),
  status text NOT NULL CHECK (status IN ('available', 'in_use', 'finishing', 'out_of_order')),
  minutes_remaining smallint,
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (laundromat_id, machine_id)
);

-- The live summary last published per laundromat: an event goes out only when it changes, and an SSE
-- fan-out can read the current one from here.
CREATE TABLE live_states (
  laundromat_id uuid PRIMARY KEY,
  summary jsonb,
  valid_until timestamptz,
  computed_at timestamptz NOT NULL
);
CREATE INDEX live_states_valid_until_idx ON live_states (valid_until) WHERE summary IS NOT NULL;
