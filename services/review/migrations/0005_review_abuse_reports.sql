-- A review an admin removed after an owner's report: it stays stored (the decision can be looked back on)
-- but no public list shows it.
ALTER TABLE reviews
  ADD COLUMN removed_at timestamptz,
  ADD COLUMN removed_reason text;

-- The verified owner's reports of abusive reviews of their laundromat, and the admin's decision on each.
-- The reporter's id and note are their personal data (exported, erased with their account).
CREATE TABLE review_abuse_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  laundromat_id uuid NOT NULL,
  reporter_user_id uuid NOT NULL,
  reason text NOT NULL CHECK (
    reason IN ('spam', 'offensive', 'false-information', 'personal-information', 'conflict-of-interest', 'other')
  ),
  note text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'removed')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by uuid,
  decision_reason text
);

-- One open report per review and owner, so two quick clicks cannot both queue one.
CREATE UNIQUE INDEX review_abuse_reports_one_open_idx
  ON review_abuse_reports (review_id, reporter_user_id) WHERE status = 'open';
CREATE INDEX review_abuse_reports_open_idx ON review_abuse_reports (created_at, id) WHERE status = 'open';
CREATE INDEX review_abuse_reports_reporter_idx ON review_abuse_reports (reporter_user_id);
