-- Prices read from photos of price boards (photo.ocr-completed.v1). Every detected price is kept as a
-- suggestion; one that fills a price the laundromat lacked is marked applied. One row per price of a photo,
-- so a photo read twice cannot suggest twice.
CREATE TABLE price_suggestions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  laundromat_id uuid NOT NULL REFERENCES laundromats (id) ON DELETE CASCADE,
  photo_id uuid NOT NULL,
  position smallint NOT NULL,
  amount numeric(8, 2) NOT NULL CHECK (amount >= 0),
  currency char(3),
  unit varchar(10),
  item varchar(20),
  price_field varchar(20),
  applied boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (photo_id, position)
);

CREATE INDEX price_suggestions_laundromat_idx ON price_suggestions (laundromat_id, created_at DESC);
