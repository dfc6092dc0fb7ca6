-- Advertisers are billed in the currency they chose at setup (USD, EUR, GBP, JPY, AUD or CAD), and no amount
-- is ever converted into another. Each ledger entry keeps the currency of its amount (the ad event's, a
-- credit's that of the entry it corrects, a refund's that of its statement); entries posted before this were
-- all US dollars. A statement sums the entries of one advertiser in one currency, so it is unique per
-- advertiser, period and currency: an advertiser whose entries of a period are in two currencies (one billed
-- before the choice existed and one after) gets one statement in each, never a sum of yen and dollars.
-- *_cents columns hold minor units of the row's currency: cents, or whole yen for JPY (no minor unit).

ALTER TABLE ledger_entries
  ADD COLUMN currency char(3) NOT NULL DEFAULT 'USD'
    CONSTRAINT ledger_entries_currency_check CHECK (currency IN ('USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'));

ALTER TABLE statements
  ADD CONSTRAINT statements_currency_check CHECK (currency IN ('USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD')),
  DROP CONSTRAINT statements_advertiser_id_period_id_key,
  ADD CONSTRAINT statements_advertiser_period_currency_key UNIQUE (advertiser_id, period_id, currency);

ALTER TABLE refunds
  ADD CONSTRAINT refunds_currency_check CHECK (currency IN ('USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'));

-- Closing a period groups the unbilled entries by advertiser and currency.
CREATE INDEX ledger_entries_by_advertiser_currency ON ledger_entries (advertiser_id, currency, occurred_at);
