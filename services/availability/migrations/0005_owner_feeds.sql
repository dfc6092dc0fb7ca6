-- The verified owner of each laundromat, kept from laundromat.owner-verified.v1 and laundromat.owner-released.v1
-- so that an owner's feed keys and out-of-order reports are authorised without asking another service.
-- owner_changed_at orders unordered events.
CREATE TABLE laundromat_owners (
  laundromat_id uuid PRIMARY KEY,
  owner_user_id uuid,
  owner_claim_id uuid,
  owner_changed_at timestamptz NOT NULL
);

-- A key's last accepted message, for its owner's list (a feed silent 15 minutes is stale). A rotated key's
-- revoked_at lies up to an hour ahead: it works until then.
ALTER TABLE feed_keys ADD COLUMN last_message_at timestamptz;
CREATE INDEX feed_keys_laundromat_idx ON feed_keys (laundromat_id, created_at DESC);
