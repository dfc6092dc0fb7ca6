import { randomUUID } from 'node:crypto';
import type { Cache, Db, Logger } from '@laundry/platform';
import type { AdDecisionQuery, PlacementKey, ServedAd } from '@laundry/contracts';
import {
  chooseByValue,
  eligibleCampaigns,
  indexTargeting,
  type ServableCampaign,
  type TargetingIndex,
  type ViewerPlace,
} from './ad-selection.ts';
import { dayElapsedIn, nextThrottle } from './ad-pacing.ts';
import { signAdToken } from './ad-token.ts';
import { frequencyKey } from './ad-counting.ts';
import type { DeliveryStore, ServableCampaignRow } from './delivery-store.ts';

/** Where a point is, and where a laundromat is: the directory's answers, behind a port. */
export interface PlaceResolver {
  /** The city and ISO country of a point, or null when unknown (or the directory cannot say now). */
  placeOf(
    latitude: number,
    longitude: number,
  ): Promise<{ city: string | null; country: string | null } | null>;
  laundromatPoint(laundromatId: string): Promise<{ latitude: number; longitude: number } | null>;
}

export interface AdServerDeps {
  db: Db;
  store: DeliveryStore;
  cache: Cache;
  places: PlaceResolver;
  logger: Logger;
  tokenSecret: string;
  /** Serve the product's own 'Advertise here' when no campaign fits (else 204). */
  houseAds: boolean;
  now?: () => Date;
  random?: () => number;
}

export interface Viewer {
  userId: string | null;
  /** The frequency-cap key (a consented first-party id or the signed-in user), or null: no cap can apply. */
  viewerKey: string | null;
}

interface Indexed extends ServableCampaign {
  row: ServableCampaignRow;
}

const displayUrlOf = (targetUrl: string) => {
  try {
    return new URL(targetUrl).hostname.replace(/^www\./, '');
  } catch {
    return targetUrl;
  }
};

/**
 * The decision engine: the servable campaigns in memory (reloaded every few seconds, so a decision costs no
 * query), pacing throttles adjusted each minute, and a decision per request.
 */
export function createAdServer(deps: AdServerDeps) {
  let campaigns: Indexed[] = [];
  let targeting: TargetingIndex<Indexed> = indexTargeting(campaigns);
  const throttles = new Map<string, number>();
  const random = deps.random ?? Math.random;
  const now = () => deps.now?.() ?? new Date();

  function index(rows: ServableCampaignRow[]): Indexed[] {
    return rows.map((row) => ({
      row,
      id: row.id,
      advertiserUserId: row.advertiserUserId,
      title: row.title,
      description: row.description,
      imageUrl: row.imageUrl,
      targetUrl: row.targetUrl,
      targetCountries: new Set(row.targetCountries),
      targetCities: row.targetCities,
      area:
        row.radiusKm !== null && row.targetLatitude !== null && row.targetLongitude !== null
          ? { latitude: row.targetLatitude, longitude: row.targetLongitude, radiusKm: row.radiusKm }
          : null,
      costPerClick: row.costPerClick,
      costPerImpression: row.costPerImpression,
      impressions: row.impressions,
      clicks: row.clicks,
      frequencyCap: row.frequencyCap,
      throttle: throttles.get(row.id) ?? 1,
    }));
  }

  async function placeFor(query: AdDecisionQuery): Promise<ViewerPlace> {
    let point =
      query.latitude !== undefined && query.longitude !== undefined
        ? { latitude: query.latitude, longitude: query.longitude }
        : null;
    if (!point && query.laundromatId)
      point = await deps.places.laundromatPoint(query.laundromatId).catch(() => null);
    if (!point) return { latitude: null, longitude: null, city: null, country: null };
    const named = await deps.places.placeOf(point.latitude, point.longitude).catch(() => null);
    return { ...point, city: named?.city ?? null, country: named?.country ?? null };
  }

  async function underCap(campaign: Indexed, viewer: Viewer): Promise<boolean> {
    if (campaign.frequencyCap === null || viewer.viewerKey === null) return true;
    const key = frequencyKey(campaign.id, viewer.viewerKey, now().toISOString().slice(0, 10));
    const seen = Number((await deps.cache.get<number>(key)) ?? 0);
    return seen < campaign.frequencyCap;
  }

  return {
    async refresh(): Promise<number> {
      campaigns = index(await deps.store.loadServable(deps.db, now().toISOString().slice(0, 10)));
      targeting = indexTargeting(campaigns);
      return campaigns.length;
    },

    /** Moves each campaign's throttle toward an even spend over its day. */
    pace(): void {
      const at = now();
      // Campaigns share a handful of time zones: each zone's clock is read once per round.
      const elapsedIn = new Map<string, number>();
      for (const campaign of campaigns) {
        let elapsed = elapsedIn.get(campaign.row.timeZone);
        if (elapsed === undefined) {
          elapsed = dayElapsedIn(campaign.row.timeZone, at).elapsed;
          elapsedIn.set(campaign.row.timeZone, elapsed);
        }
        const throttle = nextThrottle({
          throttle: throttles.get(campaign.id) ?? 1,
          spentToday: campaign.row.spentToday,
          dailyBudget: campaign.row.dailyBudget,
          dayElapsed: elapsed,
        });
        throttles.set(campaign.id, throttle);
        campaign.throttle = throttle;
      }
    },

    /** The ad to show, or undefined for none (204). */
    async decide(
      query: AdDecisionQuery,
      viewer: Viewer,
      placementActive: boolean,
    ): Promise<ServedAd | undefined> {
      if (!placementActive) return undefined;
      const place = await placeFor(query);
      const candidates = eligibleCampaigns(targeting.candidates(place), place, random) as Indexed[];
      while (candidates.length > 0) {
        const chosen = chooseByValue(candidates, random)!;
        if (await underCap(chosen, viewer)) return served(chosen, query, place, viewer);
        candidates.splice(candidates.indexOf(chosen), 1);
      }
      return deps.houseAds ? houseAd(query.placement) : undefined;
    },

    get size() {
      return campaigns.length;
    },
  };

  function served(campaign: Indexed, query: AdDecisionQuery, place: ViewerPlace, viewer: Viewer): ServedAd {
    const placement = query.placement;
    const token = signAdToken(
      {
        id: randomUUID(),
        campaignId: campaign.id,
        placementKey: placement,
        userId: viewer.userId,
        viewerKey: viewer.viewerKey ?? '',
        laundromatId: query.laundromatId ?? null,
        city: place.city,
        country: place.country,
        latitude: place.latitude,
        longitude: place.longitude,
        issuedAt: Math.floor(now().getTime() / 1000),
      },
      deps.tokenSecret,
    );
    return {
      token,
      campaignId: campaign.id,
      placement,
      title: campaign.title,
      description: campaign.description,
      imageUrl: campaign.imageUrl,
      displayUrl: displayUrlOf(campaign.targetUrl),
      clickUrl: `/api/ads/click/${token}`,
      house: false,
    };
  }
}

export type AdServer = ReturnType<typeof createAdServer>;

/** The product's own ad, shown when no campaign fits: the page renders it in the viewer's language. */
function houseAd(placement: PlacementKey): ServedAd {
  return {
    token: '',
    campaignId: null,
    placement,
    title: 'Advertise here',
    description: 'Reach travelers looking for a laundromat near your business.',
    imageUrl: null,
    displayUrl: '',
    clickUrl: '/advertiser/setup',
    house: true,
  };
}
