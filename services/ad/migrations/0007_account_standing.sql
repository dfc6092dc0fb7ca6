-- What the ad service knows of each advertiser's owner from other services' events: whether identity saw
-- them prove their address (user.email-verified.v1) and whether billing holds a payment method for them
-- (billing.payment-method-changed.v1). Keyed by the user, as the events are: either may arrive before the
-- advertiser profile exists. No row means neither has arrived: not verified, no payment method.
CREATE TABLE account_standing (
  user_id uuid PRIMARY KEY,
  email_verified_at timestamptz,
  has_payment_method boolean NOT NULL DEFAULT false,
  -- When billing's latest applied change happened: an older change arriving late is ignored.
  payment_method_changed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
