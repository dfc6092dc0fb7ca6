-- A duplicate merged into another laundromat is kept, closed, and points to the survivor, so an old link
-- (a shared URL, a saved card) leads to it.
ALTER TABLE laundromats ADD COLUMN merged_into_id uuid REFERENCES laundromats (id);

-- The history's paged reads go newest first, ties broken by id.
CREATE INDEX laundromat_history_page_idx ON laundromat_history (laundromat_id, created_at DESC, id DESC);
