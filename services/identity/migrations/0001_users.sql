CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email varchar(254) NOT NULL,
  first_name varchar(100),
  last_name varchar(100),
  profile_image_url text,
  stripe_customer_id text,
  stripe_subscription_id text,
  contribution_points integer NOT NULL DEFAULT 0 CHECK (contribution_points >= 0),
  laundromats_added integer NOT NULL DEFAULT 0 CHECK (laundromats_added >= 0),
  reviews_written integer NOT NULL DEFAULT 0 CHECK (reviews_written >= 0),
  photos_uploaded integer NOT NULL DEFAULT 0 CHECK (photos_uploaded >= 0),
  contributor_badge varchar(50),
  role varchar(20) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Addresses are stored lower-cased; the index on lower(email) also guards rows written any other way.
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
