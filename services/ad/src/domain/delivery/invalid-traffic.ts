/**
 * Why an impression or click is not billed (kept with the event, never charged). The bot list is isbot's
 * maintained patterns; the rest are the rules of our own counting.
 */
export type InvalidReason =
  | 'bot'
  | 'no_user_agent'
  | 'expired'
  | 'replayed'
  | 'burst'
  | 'own_ad'
  | 'budget_exhausted'
  | 'not_servable'
  /** A click with a token this service did not sign: no served decision behind it. */
  | 'forged_token';

export interface TrafficFacts {
  userAgent: string | undefined;
  /** The token outlived its time. */
  expired: boolean;
  /** The viewer is the advertiser who owns the campaign. */
  ownAd: boolean;
  /** How many events of this kind this client sent in the current minute, this one included. */
  eventsThisMinute: number;
  /** The most a person plausibly sends in a minute. */
  burstLimit: number;
}

/** The first rule a request breaks, in the order that explains it best; undefined for clean traffic. */
export function invalidReason(
  facts: TrafficFacts,
  isBot: (userAgent: string) => boolean,
): InvalidReason | undefined {
  const userAgent = facts.userAgent?.trim();
  if (!userAgent) return 'no_user_agent';
  if (isBot(userAgent)) return 'bot';
  if (facts.expired) return 'expired';
  if (facts.ownAd) return 'own_ad';
  if (facts.eventsThisMinute > facts.burstLimit) return 'burst';
  return undefined;
}
