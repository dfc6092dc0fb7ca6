-- An erased account's reviews stay, as 'Anonymous User' with their text, but without the person's id
-- (docs/adr/0018-account-erasure.md). The one-review-a-day index ignores such rows (NULLs are distinct).
ALTER TABLE reviews ALTER COLUMN user_id DROP NOT NULL;
