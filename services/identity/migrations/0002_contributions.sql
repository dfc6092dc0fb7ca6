-- One row per credited contribution. The key is the thing contributed, not the event, so a laundromat
-- announced by two events (submitted already approved, then approved) still counts once.
CREATE TABLE contributions (
  kind varchar(20) NOT NULL CHECK (kind IN ('review', 'photo', 'laundromat')),
  subject_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  points integer NOT NULL CHECK (points >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, subject_id)
);

CREATE INDEX contributions_user_idx ON contributions (user_id);
