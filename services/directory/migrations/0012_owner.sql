-- The owner service's verified owner of each laundromat (laundromat.owner-verified.v1 and
-- laundromat.owner-released.v1). owner_changed_at is the time of the newest event applied, so an event
-- arriving late or twice changes nothing; owner_claim_id lets a release end only the claim it names.
-- owner_updated_at: when the owner last edited the laundromat (null until they do).
ALTER TABLE laundromats
  ADD COLUMN owner_user_id uuid,
  ADD COLUMN owner_claim_id uuid,
  ADD COLUMN owner_verified_at timestamptz,
  ADD COLUMN owner_changed_at timestamptz,
  ADD COLUMN owner_updated_at timestamptz;

-- An erased person's ownerships are found by their id.
CREATE INDEX laundromats_owner_idx ON laundromats (owner_user_id) WHERE owner_user_id IS NOT NULL;
