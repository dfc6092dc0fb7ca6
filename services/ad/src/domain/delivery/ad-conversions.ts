import type { Db } from '@laundry/platform/db';
import { badRequest } from '@laundry/platform/errors';
import type { AdConversionRequest } from '@laundry/contracts';
import { readAdToken } from './ad-token.ts';
import { invalidTokenMessage } from './ad-counting.ts';

/** A conversion counts when it follows its counted click within this time: one visit's doing. */
const CONVERSION_WINDOW_HOURS = 24;

export interface ConversionDeps {
  db: Db;
  tokenSecret: string;
  now?: () => Date;
}

/**
 * What a visitor did at a promoted laundromat's page after an ad's click: counted once per click token and
 * kind, only after a valid counted click of that decision, within a day of it. A token this service did not
 * sign is a 400; anything else is answered alike, so nothing about the rules leaks to a script.
 */
export async function recordConversion(deps: ConversionDeps, input: AdConversionRequest): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  // The link's age does not matter here (the counted click decides), only that the token is ours.
  const reading = readAdToken(
    input.token,
    deps.tokenSecret,
    Number.MAX_SAFE_INTEGER,
    Math.floor(now.getTime() / 1000),
  );
  if (!reading.ok) throw badRequest(invalidTokenMessage, 'INVALID_AD_TOKEN');
  const rows = await deps.db.query(
    `INSERT INTO ad_conversions (decision_id, kind, campaign_id, created_at)
     SELECT e.decision_id, $2, e.campaign_id, $3 FROM ad_events e
     WHERE e.decision_id = $1 AND e.event_type = 'click' AND e.invalid_reason IS NULL
       AND e.created_at > $3::timestamptz - make_interval(hours => $4)
     LIMIT 1
     ON CONFLICT (decision_id, kind) DO NOTHING RETURNING decision_id`,
    [reading.decision.id, input.kind, now.toISOString(), CONVERSION_WINDOW_HOURS],
  );
  return rows.length > 0;
}
