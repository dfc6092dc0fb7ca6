-- An advertiser's team: colleagues the owner invited, each with a role (manager: everything but billing and
-- the team; viewer: the reports). A person works on one account: their own profile or one team's.
CREATE TABLE advertiser_members (
  user_id uuid PRIMARY KEY,
  advertiser_id uuid NOT NULL REFERENCES advertisers (id) ON DELETE CASCADE,
  email varchar(254) NOT NULL,
  role varchar(20) NOT NULL CHECK (role IN ('manager', 'viewer')),
  invited_by uuid,
  joined_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX advertiser_members_advertiser_idx ON advertiser_members (advertiser_id);

-- Invitations not yet accepted: the mail's link carries a secret whose hash is kept here. Accepting one
-- deletes it (the membership is the record); an unaccepted one is deleted by the 'team-invitations'
-- retention task once it has expired for the policy's period.
CREATE TABLE advertiser_invitations (
  id uuid PRIMARY KEY,
  advertiser_id uuid NOT NULL REFERENCES advertisers (id) ON DELETE CASCADE,
  email varchar(254) NOT NULL,
  role varchar(20) NOT NULL CHECK (role IN ('manager', 'viewer')),
  token_hash char(64) NOT NULL UNIQUE,
  invited_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- One open invitation per address and account.
CREATE UNIQUE INDEX advertiser_invitations_email_idx ON advertiser_invitations (advertiser_id, email);
CREATE INDEX advertiser_invitations_expiry_idx ON advertiser_invitations (expires_at);
