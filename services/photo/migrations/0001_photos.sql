CREATE TABLE photos (
  id uuid PRIMARY KEY,
  laundromat_id uuid,
  user_id text NOT NULL,
  file_name varchar(255) NOT NULL,
  file_size integer NOT NULL CHECK (file_size >= 0),
  mime_type varchar(100) NOT NULL,
  public_url text,
  private_url text,
  -- Storage paths of the stored WebP images; the original upload is not kept (it may carry location metadata).
  object_path text NOT NULL UNIQUE,
  thumbnail_path text NOT NULL UNIQUE,
  caption varchar(500),
  category varchar(20) CHECK (category IN ('prices', 'machines', 'amenities', 'exterior', 'interior')),
  extracted_text text,
  ocr_confidence numeric(5, 2),
  ocr_metadata jsonb,
  detected_prices jsonb,
  detected_services jsonb,
  is_public boolean NOT NULL DEFAULT true,
  is_processed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX photos_public_created_idx ON photos (created_at DESC) WHERE is_public;
CREATE INDEX photos_laundromat_idx ON photos (laundromat_id, created_at DESC);
CREATE INDEX photos_user_idx ON photos (user_id, created_at DESC);
