-- The verified owner of each laundromat, kept from laundromat.owner-verified.v1 and laundromat.owner-released.v1
-- so that only the owner may promote it, without asking another service. owner_changed_at orders unordered events.
CREATE TABLE laundromat_owners (
  laundromat_id uuid PRIMARY KEY,
  owner_user_id uuid,
  owner_claim_id uuid,
  owner_changed_at timestamptz NOT NULL
);

-- The laundromat a campaign promotes, when its owner started it with 'Promote': its clicks carry their token
-- to the laundromat's page in the finder, which reports what the visitor then did.
ALTER TABLE campaigns ADD COLUMN promoted_laundromat_id uuid;

-- What a visitor did at the promoted laundromat's page after a counted click: once per click and kind.
CREATE TABLE ad_conversions (
  decision_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('directions', 'call', 'website')),
  campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (decision_id, kind)
);
CREATE INDEX ad_conversions_by_campaign ON ad_conversions (campaign_id, created_at);
