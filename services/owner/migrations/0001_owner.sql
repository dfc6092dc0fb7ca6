-- Owners' claims of laundromats. Laundromats and people live in other services: ids only. A code is kept
-- only as its keyed hash, and dropped once used; a document is the photo service's, named by its id.
CREATE TABLE claims (
  id uuid PRIMARY KEY,
  laundromat_id uuid NOT NULL,
  user_id uuid NOT NULL,
  method text NOT NULL CHECK (method IN ('email-domain', 'document')),
  status text NOT NULL CHECK (status IN ('awaiting-code', 'pending-review', 'contested', 'verified',
                                         'rejected', 'released', 'failed', 'expired')),
  email text,
  code_hash text,
  code_expires_at timestamptz,
  code_attempts smallint NOT NULL DEFAULT 0,
  document_id uuid,
  document_type text CHECK (document_type IN ('business-licence', 'utility-bill')),
  verified_at timestamptz,
  decided_at timestamptz,
  decided_by uuid,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((method = 'email-domain') = (email IS NOT NULL)),
  CHECK ((method = 'document') = (document_id IS NOT NULL))
);

-- One verified owner per laundromat, and one open claim per person per laundromat, whatever races.
CREATE UNIQUE INDEX claims_one_owner_idx ON claims (laundromat_id) WHERE status = 'verified';
CREATE UNIQUE INDEX claims_one_open_idx ON claims (laundromat_id, user_id)
  WHERE status IN ('awaiting-code', 'pending-review', 'contested');
-- The admins' queue, and a person's own claims (their page, export and erasure).
CREATE INDEX claims_queue_idx ON claims (status, created_at);
CREATE INDEX claims_user_idx ON claims (user_id, created_at);
