-- 'Suggest an edit': people's corrections of a laundromat, decided by an admin. An approved one changes the
-- laundromat and names the fields it changed in locally_edited_fields (API field names: 'openingHours',
-- 'phone', 'hasWifi', 'location', 'status', ...), so a later OpenStreetMap sync leaves them as corrected here.
ALTER TABLE laundromats ADD COLUMN locally_edited_fields text[] NOT NULL DEFAULT '{}';

-- A laundromat marked permanently closed is kept (its reviews and favourites stay), no longer listed.
ALTER TABLE laundromats DROP CONSTRAINT laundromats_status_check;
ALTER TABLE laundromats ADD CONSTRAINT laundromats_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'closed'));

-- One row per person and suggestion. change_key is the kind with its proposed value as canonical JSON:
-- the same change suggested by several people shares it, and the admins' queue counts them together.
-- user_id is null once its author's account is erased (the suggestion stays as evidence, naming nobody).
CREATE TABLE laundromat_suggestions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  laundromat_id uuid NOT NULL REFERENCES laundromats (id) ON DELETE CASCADE,
  user_id text,
  user_email varchar(255),
  kind varchar(20) NOT NULL CHECK (kind IN ('hours', 'prices', 'amenities', 'phone', 'website', 'location',
                                            'closed', 'not-exists', 'duplicate')),
  current_value jsonb NOT NULL,
  proposed_value jsonb NOT NULL,
  change_key text NOT NULL,
  note text CHECK (char_length(note) <= 1000),
  status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by_id text,
  decided_at timestamptz,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A person suggests a change once while it waits.
CREATE UNIQUE INDEX laundromat_suggestions_once_idx ON laundromat_suggestions (laundromat_id, change_key, user_id)
  WHERE status = 'pending';
CREATE INDEX laundromat_suggestions_pending_idx ON laundromat_suggestions (laundromat_id, change_key, created_at)
  WHERE status = 'pending';
CREATE INDEX laundromat_suggestions_user_idx ON laundromat_suggestions (user_id, created_at DESC);
-- Retention deletes decided suggestions by age.
CREATE INDEX laundromat_suggestions_decided_idx ON laundromat_suggestions (decided_at) WHERE status <> 'pending';

-- What changed in a laundromat and why: one row per applied change, the fields with their old and new values.
CREATE TABLE laundromat_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  laundromat_id uuid NOT NULL REFERENCES laundromats (id) ON DELETE CASCADE,
  -- 'suggestion' (an approved edit); other sources (a sync, an owner) may add theirs.
  source text NOT NULL,
  source_id uuid,
  changes jsonb NOT NULL,
  changed_by_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX laundromat_history_laundromat_idx ON laundromat_history (laundromat_id, created_at DESC);
