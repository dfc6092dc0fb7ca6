-- Private documents (an advertiser's business papers for verification): kept byte for byte as uploaded,
-- readable by their owner and admins only, never listed in any gallery.
CREATE TABLE documents (
  id uuid PRIMARY KEY,
  owner_id text NOT NULL,
  purpose varchar(50) NOT NULL,
  file_name varchar(255) NOT NULL,
  file_size integer NOT NULL CHECK (file_size >= 0),
  mime_type varchar(100) NOT NULL,
  object_path text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_by_owner ON documents (owner_id, created_at DESC);
