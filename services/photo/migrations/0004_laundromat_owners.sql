-- The verified owner of each laundromat, kept from laundromat.owner-verified.v1 and laundromat.owner-released.v1,
-- so that a photo its owner uploaded is marked as the owner's without asking another service. owner_changed_at
-- orders unordered events.
CREATE TABLE laundromat_owners (
  laundromat_id uuid PRIMARY KEY,
  owner_user_id uuid,
  owner_claim_id uuid,
  owner_changed_at timestamptz NOT NULL
);
