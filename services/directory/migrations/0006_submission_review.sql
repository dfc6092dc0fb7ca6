-- The admins' queue of submitted laundromats (GET /api/laundromats/submissions) and their decisions. The
-- submitter's address is kept as they were signed in when they submitted, so the queue can say who it was
-- without asking the identity service for every row; rows added before this have none.
ALTER TABLE laundromats
  ADD COLUMN submitted_by_email varchar(255),
  ADD COLUMN reviewed_by_id text,
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN rejection_reason text;

-- The queue is read oldest first, a page at a time by (created_at, id).
CREATE INDEX laundromats_pending_queue_idx ON laundromats (created_at, id) WHERE status = 'pending';
