/**
 * Which ad to show (pure, so it is fast and testable): the campaigns that may be served here and now, and
 * among them one chosen by expected value with some randomness, so a new campaign gets tried.
 */

export interface TargetCityPoint {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

/** A campaign as the decision engine holds it in memory: approved, active, within its dates, budget left. */
export interface ServableCampaign {
  id: string;
  advertiserUserId: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  targetCountries: ReadonlySet<string>;
  targetCities: readonly TargetCityPoint[];
  /** A radius target: the point and its radius in km. */
  area: { latitude: number; longitude: number; radiusKm: number } | null;
  costPerClick: number;
  costPerImpression: number | null;
  impressions: number;
  clicks: number;
  frequencyCap: number | null;
  /** 0–1: the share of requests it may enter today, set by pacing. */
  throttle: number;
}

/** Where the ad is shown: the viewer's point, else the laundromat's, else the searched place. */
export interface ViewerPlace {
  latitude: number | null;
  longitude: number | null;
  /** ISO code. */
  country: string | null;
  city: string | null;
}

/** How near a place must be to a targeted city's centre to count as in it. */
export const cityRadiusKm = 25;

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = toRadians(bLat - aLat);
  const dLon = toRadians(bLon - aLon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(aLat)) * Math.cos(toRadians(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * No targeting is worldwide; otherwise the place must be in one of the targets: a country, a city (by name
 * and country, or within cityRadiusKm of its centre), or the radius around the point.
 */
export function matchesTargeting(campaign: ServableCampaign, place: ViewerPlace): boolean {
  const targeted =
    campaign.targetCountries.size > 0 || campaign.targetCities.length > 0 || campaign.area !== null;
  if (!targeted) return true;
  if (place.country && campaign.targetCountries.has(place.country)) return true;
  const hasPoint = place.latitude !== null && place.longitude !== null;
  if (campaign.area && hasPoint) {
    const away = distanceKm(
      campaign.area.latitude,
      campaign.area.longitude,
      place.latitude!,
      place.longitude!,
    );
    if (away <= campaign.area.radiusKm) return true;
  }
  for (const city of campaign.targetCities) {
    if (place.city && place.country === city.country && fold(place.city) === fold(city.name)) return true;
    if (
      hasPoint &&
      distanceKm(city.latitude, city.longitude, place.latitude!, place.longitude!) <= cityRadiusKm
    ) {
      return true;
    }
  }
  return false;
}

/** Smoothed click-through: a new campaign starts at the prior (2 %) and moves toward what it earns. */
export function expectedClickThrough(impressions: number, clicks: number): number {
  const priorImpressions = 50;
  const priorClicks = 1;
  return (clicks + priorClicks) / (impressions + priorImpressions);
}

/** What showing the ad once is worth to the platform, per thousand: CPM, or CPC × expected click-through. */
export function expectedValue(campaign: ServableCampaign): number {
  if (campaign.costPerImpression !== null && campaign.costPerImpression > 0)
    return campaign.costPerImpression * 1000;
  return campaign.costPerClick * expectedClickThrough(campaign.impressions, campaign.clicks) * 1000;
}

/**
 * One of the candidates, drawn with a probability that grows with its expected value (squared, so the best
 * usually wins) but never zero, so a campaign without history is still shown and learns its click-through.
 */
export function chooseByValue<T extends ServableCampaign>(
  candidates: readonly T[],
  random: () => number,
): T | undefined {
  if (candidates.length === 0) return undefined;
  const weights = candidates.map((campaign) => expectedValue(campaign) ** 2 + 1e-9);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let pick = random() * total;
  for (let i = 0; i < candidates.length; i++) {
    pick -= weights[i]!;
    if (pick <= 0) return candidates[i];
  }
  return candidates[candidates.length - 1];
}

/**
 * The campaigns this request may see: targeted here and let through by pacing. An advertiser sees their own
 * ads as anyone would; those views and clicks are recorded and never billed.
 */
export function eligibleCampaigns(
  campaigns: readonly ServableCampaign[],
  place: ViewerPlace,
  random: () => number,
): ServableCampaign[] {
  return campaigns.filter(
    (campaign) =>
      (campaign.throttle >= 1 || random() < campaign.throttle) && matchesTargeting(campaign, place),
  );
}
