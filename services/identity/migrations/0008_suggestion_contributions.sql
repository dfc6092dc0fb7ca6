-- An approved suggested edit of a laundromat earns points too (laundromat.suggestion-decided.v1); it has no
-- counter of its own on the account.
ALTER TABLE contributions DROP CONSTRAINT contributions_kind_check;
ALTER TABLE contributions ADD CONSTRAINT contributions_kind_check
  CHECK (kind IN ('review', 'photo', 'laundromat', 'suggestion'));
