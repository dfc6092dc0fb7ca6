-- Who is on an advertiser's team, from the ad service's advertiser.team-member-changed.v1: billing shows an
-- account's statements, invoices and payment methods to its owner only, so it refuses a member's billing
-- calls. A removal keeps its row with no role, so a late redelivery of an older change never brings it back.
CREATE TABLE advertiser_team_members (
  member_user_id uuid PRIMARY KEY,
  owner_user_id uuid NOT NULL,
  advertiser_id uuid NOT NULL,
  role varchar(20) CHECK (role IN ('manager', 'viewer')),
  changed_at timestamptz NOT NULL
);

CREATE INDEX advertiser_team_members_owner_idx ON advertiser_team_members (owner_user_id);
