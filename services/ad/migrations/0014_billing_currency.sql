-- The currency an advertiser is billed in, chosen at setup: every budget, bid and spend of their campaigns is
-- an amount of it (the numeric columns hold units of it, exactly), and billing keeps their ledger, statements
-- and charges in it. It can change only while they have no campaign. Profiles made before it existed were
-- all billed in US dollars.
ALTER TABLE advertisers
  ADD COLUMN billing_currency char(3) NOT NULL DEFAULT 'USD'
    CONSTRAINT advertisers_billing_currency_check
      CHECK (billing_currency IN ('USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'));
