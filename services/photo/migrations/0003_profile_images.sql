-- Each person's profile image (the account page): one at a time, its file replaced by a new upload. The
-- header shows it to everyone, so it is served publicly while it is the person's current one.
CREATE TABLE profile_images (
  user_id text PRIMARY KEY,
  object_path text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);
