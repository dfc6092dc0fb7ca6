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
  /** The event came from another client address than the one the ad was served to. */
  | 'other_viewer'
  /** A click on an ad whose viewable impression was never counted. */
  | 'no_impression'
  /** Past the clicks one client address or one viewer may make in a day, across campaigns. */
  | 'daily_click_cap'
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
  /** The event comes from another client address than the one the decision was made for. */
  otherViewer: boolean;
  /** A click whose decision has no impression counted before it, from that viewer. */
  noImpression: boolean;
  /** A click past the day's cap for its client address or its viewer. */
  overDailyClickCap: boolean;
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
  if (facts.otherViewer) return 'other_viewer';
  if (facts.noImpression) return 'no_impression';
  if (facts.overDailyClickCap) return 'daily_click_cap';
  return undefined;
}
