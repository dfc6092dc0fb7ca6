import { rankingWeightPerUnit, type BillingCurrency } from '@laundry/contracts';

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
  /**
   * The advertiser's billing currency, which its prices are in (absent: US dollars). Ads of different
   * currencies are ranked by about what their bids are worth (rankingWeightPerUnit), never charged so.
   */
  currency?: BillingCurrency;
  /** Units of its currency as floats, for ranking by expected value only: charges are exact E4 (ad-counting.ts). */
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

/** Kilometres per degree of latitude on the sphere distanceKm uses: no two points are nearer than that. */
const KM_PER_DEGREE_OF_LATITUDE = (Math.PI * EARTH_RADIUS_KM) / 180;

/**
 * Whether two points are at most `km` apart. Most targets a decision checks are further away in latitude
 * alone, which one subtraction rules out before the trigonometry of distanceKm.
 */
export function withinKm(aLat: number, aLon: number, bLat: number, bLon: number, km: number): boolean {
  if (Math.abs(aLat - bLat) * KM_PER_DEGREE_OF_LATITUDE > km + 1e-9) return false;
  return distanceKm(aLat, aLon, bLat, bLon) <= km;
}

const foldedNames = new Map<string, string>();
/**
 * A name without case or accents, worked out once per name: a decision compares the viewer's city with the
 * cities of every campaign targeting its country. The names are the gazetteer's, so the map stays small.
 */
function fold(text: string): string {
  let folded = foldedNames.get(text);
  if (folded === undefined) {
    folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
    if (foldedNames.size >= 100_000) foldedNames.clear();
    foldedNames.set(text, folded);
  }
  return folded;
}

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
    const { latitude, longitude, radiusKm } = campaign.area;
    if (withinKm(latitude, longitude, place.latitude!, place.longitude!, radiusKm)) return true;
  }
  for (const city of campaign.targetCities) {
    if (place.city && place.country === city.country && fold(place.city) === fold(city.name)) return true;
    if (hasPoint && withinKm(city.latitude, city.longitude, place.latitude!, place.longitude!, cityRadiusKm))
      return true;
  }
  return false;
}

/** A circle reaching more than this many 1° cells (near a pole, say) is checked for every place. */
const MAX_CELLS_PER_CIRCLE = 400;

/** The 1° cell of the targeting index a point lies in; longitudes wrap, so 180° is the cell of -180°. */
const cellKey = (latitude: number, longitude: number) =>
  Math.min(Math.floor(latitude), 89) * 1000 + ((((Math.floor(longitude) + 180) % 360) + 360) % 360);

/**
 * The cells a circle reaches: every cell holding a point within `radiusKm` of its centre (the cells of the
 * spherical cap's bounding box, which spans all longitudes when the cap holds a pole), or undefined when
 * there are more than MAX_CELLS_PER_CIRCLE.
 */
function cellsOfCircle(latitude: number, longitude: number, radiusKm: number): number[] | undefined {
  const margin = 1e-9;
  const latSpan = radiusKm / KM_PER_DEGREE_OF_LATITUDE + margin;
  const sinAngle = Math.sin(Math.min(Math.PI / 2, radiusKm / EARTH_RADIUS_KM));
  const cosLatitude = Math.cos(toRadians(latitude));
  const lonSpan = sinAngle < cosLatitude ? (Math.asin(sinAngle / cosLatitude) * 180) / Math.PI + margin : 180;
  const south = Math.floor(Math.max(-90, latitude - latSpan));
  const north = Math.min(89, Math.floor(Math.min(90, latitude + latSpan)));
  const west = lonSpan >= 180 ? -180 : Math.floor(longitude - lonSpan);
  const east = lonSpan >= 180 ? 179 : Math.floor(longitude + lonSpan);
  const lonCells = Math.min(360, east - west + 1);
  if ((north - south + 1) * lonCells > MAX_CELLS_PER_CIRCLE) return undefined;
  const cells: number[] = [];
  for (let lat = south; lat <= north; lat++) {
    for (let i = 0; i < lonCells; i++) cells.push(cellKey(lat, west + i));
  }
  return cells;
}

export interface TargetingIndex<T extends ServableCampaign> {
  /** The campaigns whose targeting may match the place, each once: all those matchesTargeting accepts. */
  candidates(place: ViewerPlace): readonly T[];
}

/**
 * Where each campaign may be served, so a decision checks the few campaigns that could match its place
 * instead of every campaign in memory: worldwide ones always, those targeting a country by the place's
 * country, a targeted city by its country and name (it matches by name anywhere in it), and radius and city
 * circles by the 1° cells they reach.
 */
export function indexTargeting<T extends ServableCampaign>(campaigns: readonly T[]): TargetingIndex<T> {
  const everywhere: T[] = [];
  const byCountry = new Map<string, T[]>();
  const byCityName = new Map<string, T[]>();
  const byCell = new Map<number, T[]>();
  const cityKey = (country: string, name: string) => `${country}|${fold(name)}`;
  const add = <K>(map: Map<K, T[]>, key: K, campaign: T) => {
    const list = map.get(key);
    if (!list) map.set(key, [campaign]);
    // One campaign is added at a time, so a repeat is always the list's last entry.
    else if (list[list.length - 1] !== campaign) list.push(campaign);
  };
  for (const campaign of campaigns) {
    const circles = [
      ...(campaign.area ? [campaign.area] : []),
      ...campaign.targetCities.map((city) => ({ ...city, radiusKm: cityRadiusKm })),
    ];
    const cells = circles.map((circle) => cellsOfCircle(circle.latitude, circle.longitude, circle.radiusKm));
    const targeted = campaign.targetCountries.size > 0 || circles.length > 0;
    if (!targeted || cells.some((list) => list === undefined)) {
      everywhere.push(campaign);
      continue;
    }
    for (const country of campaign.targetCountries) add(byCountry, country, campaign);
    for (const city of campaign.targetCities) add(byCityName, cityKey(city.country, city.name), campaign);
    for (const list of cells) for (const cell of list!) add(byCell, cell, campaign);
  }
  return {
    candidates(place) {
      const { country, city, latitude, longitude } = place;
      const inCountry = (country && byCountry.get(country)) || [];
      const nearby = [
        (country && city && byCityName.get(cityKey(country, city))) || [],
        (latitude !== null && longitude !== null && byCell.get(cellKey(latitude, longitude))) || [],
      ].filter((list) => list.length > 0);
      if (inCountry.length === 0 && nearby.length === 0) return everywhere;
      const found = [...everywhere, ...inCountry];
      // The worldwide list shares no campaign with the others, and one targeting the place's country is in
      // `inCountry` already; the city and cell lists are short.
      const seen = new Set<T>();
      for (const list of nearby) {
        for (const campaign of list) {
          if (seen.has(campaign) || (country && campaign.targetCountries.has(country))) continue;
          seen.add(campaign);
          found.push(campaign);
        }
      }
      return found;
    },
  };
}

/** Smoothed click-through: a new campaign starts at the prior (2 %) and moves toward what it earns. */
export function expectedClickThrough(impressions: number, clicks: number): number {
  const priorImpressions = 50;
  const priorClicks = 1;
  return (clicks + priorClicks) / (impressions + priorImpressions);
}

/**
 * What showing the ad once is worth to the platform, per thousand: CPM, or CPC × expected click-through, in
 * about US dollars, so that a ¥75 bid does not beat a $0.50 one by its digits (it weighs about $0.50 too).
 */
export function expectedValue(campaign: ServableCampaign): number {
  const weight = rankingWeightPerUnit[campaign.currency ?? 'USD'];
  if (campaign.costPerImpression !== null && campaign.costPerImpression > 0)
    return campaign.costPerImpression * weight * 1000;
  return campaign.costPerClick * weight * expectedClickThrough(campaign.impressions, campaign.clicks) * 1000;
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
