-- When an admin last marked a laundromat's out-of-order machines fixed: visitors' out-of-order reports made
-- before then no longer show; a later report that says machines are broken shows again.
CREATE TABLE out_of_order_fixes (
  laundromat_id uuid PRIMARY KEY,
  fixed_at timestamptz NOT NULL,
  fixed_by uuid
);
