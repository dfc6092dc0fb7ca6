-- A verified owner hands their laundromat over to the person at an address: the transfer waits 7 days for
-- that person to accept it signed in with the address; then the owner's claim is released and the recipient
-- gets a verified claim by 'transfer'. The address is kept only for the transfer's life and a while after.
ALTER TABLE claims DROP CONSTRAINT claims_method_check;
ALTER TABLE claims ADD CONSTRAINT claims_method_check CHECK (method IN ('email-domain', 'document', 'transfer'));

CREATE TABLE claim_transfers (
  id uuid PRIMARY KEY,
  -- The sender's verified claim; an erased sender's claims go, and their transfers with them.
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  laundromat_id uuid NOT NULL,
  from_user_id uuid NOT NULL,
  to_email text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'cancelled', 'expired')),
  expires_at timestamptz NOT NULL,
  -- Who accepted, and the claim they got.
  to_user_id uuid,
  new_claim_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'accepted') = (to_user_id IS NOT NULL))
);

-- One pending transfer per owned laundromat, whatever races.
CREATE UNIQUE INDEX claim_transfers_one_pending_idx ON claim_transfers (claim_id) WHERE status = 'pending';
-- A person's transfers (their page, export and erasure), and the retention's sweep.
CREATE INDEX claim_transfers_from_idx ON claim_transfers (from_user_id, created_at);
CREATE INDEX claim_transfers_to_idx ON claim_transfers (to_user_id) WHERE to_user_id IS NOT NULL;
CREATE INDEX claim_transfers_status_idx ON claim_transfers (status, updated_at);
