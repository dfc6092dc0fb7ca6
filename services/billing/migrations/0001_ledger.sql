-- The ledger: what each advertiser owes and the platform earns, from the ad service's events (ADR 0016).
-- Amounts are integers in ten-thousandths of a dollar (e4): per-impression prices have 4 decimals
-- (docs/product.md, Constants), so no event is ever rounded; a statement rounds its sum to cents once.

-- Who owns each advertiser, as the ad events say (advertiserUserId): the signed-in person's own views.
CREATE TABLE advertiser_owners (
  advertiser_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  learned_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advertiser_owners_by_user ON advertiser_owners (user_id);

-- Double entry in one row: amount_e4 moves from credit_account to debit_account, so every entry balances
-- by construction. An impression or click debits 'advertiser:receivable' and credits 'platform:ad-revenue';
-- a credit for invalid traffic found later is the reverse. Corrections are new entries, never edits.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What made it: the ad event's id (adEventId), or a credit's own id. Unique, so a redelivered or
  -- replayed event can never post twice, whichever consumer or process sees it.
  source_id uuid NOT NULL UNIQUE,
  kind varchar(20) NOT NULL CHECK (kind IN ('impression', 'click', 'credit')),
  advertiser_id uuid NOT NULL,
  campaign_id uuid,
  debit_account varchar(40) NOT NULL,
  credit_account varchar(40) NOT NULL,
  amount_e4 bigint NOT NULL CHECK (amount_e4 >= 0),
  -- When the ad service recorded the event; a late delivery is billed in the next statement closed.
  occurred_at timestamptz NOT NULL,
  posted_at timestamptz NOT NULL DEFAULT now(),
  -- A credit names the entry it corrects, when it corrects one.
  corrects_source_id uuid,
  note text,
  CHECK (debit_account <> credit_account),
  CHECK (
    (kind = 'credit' AND debit_account = 'platform:ad-revenue' AND credit_account = 'advertiser:receivable')
    OR (kind <> 'credit' AND debit_account = 'advertiser:receivable' AND credit_account = 'platform:ad-revenue')
  )
);
CREATE INDEX ledger_entries_by_advertiser ON ledger_entries (advertiser_id, occurred_at);

CREATE FUNCTION billing_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: post a correcting entry instead', TG_TABLE_NAME;
END;
$$;

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION billing_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION billing_append_only();

-- An entry is corrected at most once.
CREATE UNIQUE INDEX one_correction_per_entry ON ledger_entries (corrects_source_id)
  WHERE corrects_source_id IS NOT NULL;
