-- The ad service serves a campaign beyond the trial credit only once it heard
-- billing.payment-method-changed.v1 with a card for the advertiser's owner. Cards saved before that event
-- existed were never announced, so their campaigns would stop at the trial credit after an upgrade. This
-- announces each saved card once, through the outbox like any other change: the migration ledger runs it
-- exactly once per database, the relay delivers it at least once, and the ad service's consumer keeps the
-- latest change by `changedAt`, so a repeat changes nothing and a later real change is never undone.
-- A migration rather than a check at every start: the gap exists once, at the upgrade; afterwards every
-- card saved (or removed) writes its own event in the transaction that changes it.
INSERT INTO outbox (id, type, envelope)
SELECT announced.id, 'billing.payment-method-changed.v1',
       jsonb_build_object(
         'id', announced.id,
         'type', 'billing.payment-method-changed.v1',
         'occurredAt', announced.at,
         'producer', 'billing',
         'data', jsonb_build_object('userId', announced.user_id, 'hasPaymentMethod', true, 'changedAt', announced.at)
       )
FROM (
  SELECT gen_random_uuid()::text AS id, user_id,
         to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
  FROM billing_accounts WHERE payment_method_id IS NOT NULL
) AS announced;
