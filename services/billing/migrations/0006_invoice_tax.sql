-- Who a user's invoices are made out to (one per user, like billing_accounts), with the tax id's standing:
-- an EU VAT number VIES did not answer for stays 'pending' and is asked again by the retry job.
CREATE TABLE billing_details (
  user_id uuid PRIMARY KEY,
  legal_name varchar(200) NOT NULL,
  address_line1 varchar(200) NOT NULL,
  address_line2 varchar(200) NOT NULL DEFAULT '',
  postal_code varchar(20) NOT NULL DEFAULT '',
  city varchar(100) NOT NULL,
  country char(2) NOT NULL,
  tax_id varchar(40) NOT NULL DEFAULT '',
  tax_id_status varchar(10) NOT NULL
    CHECK (tax_id_status IN ('none', 'recorded', 'pending', 'verified', 'rejected')),
  tax_id_checked_at timestamptz,
  language varchar(5) NOT NULL DEFAULT 'en',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX billing_details_pending ON billing_details (updated_at) WHERE tax_id_status = 'pending';

-- A statement's tax, fixed when it is closed from the buyer's details then: the charge is the ad spend, the
-- fee and this tax. Statements closed before carry none.
ALTER TABLE statements
  ADD COLUMN tax_kind varchar(20) NOT NULL DEFAULT 'none' CHECK (tax_kind IN ('none', 'vat', 'reverse_charge')),
  ADD COLUMN tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  ADD COLUMN tax_country char(2),
  ADD COLUMN tax_cents bigint NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  DROP CONSTRAINT statements_check,
  ADD CONSTRAINT statements_charge_adds_up
    CHECK (advertiser_charge_cents = total_revenue_cents + platform_fee_cents + tax_cents);
