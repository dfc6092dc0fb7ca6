-- The ad service serves a campaign only once it heard user.email-verified.v1 for the advertiser's owner.
-- Addresses proved before that event existed were never announced, so their campaigns would stop serving
-- after an upgrade. This announces each of them once, through the outbox like any other change: the
-- migration ledger runs it exactly once per database, the relay delivers it at least once, and the ad
-- service's consumer keeps the first verification date, so a repeat changes nothing.
-- A migration rather than a check at every start: the gap exists once, at the upgrade; afterwards every
-- verification writes its own event in the transaction that verifies.
INSERT INTO outbox (id, type, envelope)
SELECT announced.id, 'user.email-verified.v1',
       jsonb_build_object(
         'id', announced.id,
         'type', 'user.email-verified.v1',
         'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'producer', 'identity',
         'data', jsonb_build_object(
           'userId', announced.user_id,
           'verifiedAt', to_char(announced.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         )
       )
FROM (
  SELECT gen_random_uuid()::text AS id, id AS user_id, email_verified_at AS verified_at
  FROM users WHERE email_verified_at IS NOT NULL
) AS announced;
