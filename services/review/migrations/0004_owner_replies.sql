-- The verified owner of each laundromat, kept from laundromat.owner-verified.v1 and laundromat.owner-released.v1
-- so that a reply is authorised without asking another service. owner_changed_at orders unordered events.
CREATE TABLE laundromat_owners (
  laundromat_id uuid PRIMARY KEY,
  owner_user_id uuid,
  owner_claim_id uuid,
  owner_changed_at timestamptz NOT NULL
);

-- One public reply of the owner per review; the replying person's id is their personal data.
ALTER TABLE reviews
  ADD COLUMN owner_reply_text text,
  ADD COLUMN owner_reply_user_id uuid,
  ADD COLUMN owner_replied_at timestamptz,
  ADD COLUMN owner_reply_updated_at timestamptz;
CREATE INDEX reviews_owner_reply_user_idx ON reviews (owner_reply_user_id) WHERE owner_reply_user_id IS NOT NULL;
