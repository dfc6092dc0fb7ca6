-- The saved card's expiry, shown beside its brand and last four digits on the settings page (Stripe gives
-- both with the payment method; the test checkout page asks for them). Cards saved before have none.
ALTER TABLE billing_accounts
  ADD COLUMN card_exp_month smallint CHECK (card_exp_month BETWEEN 1 AND 12),
  ADD COLUMN card_exp_year smallint CHECK (card_exp_year BETWEEN 2000 AND 2200);
