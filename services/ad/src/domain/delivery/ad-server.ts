import { randomUUID } from 'node:crypto';
import type { Cache, Db, Logger } from '@laundry/platform';
import type { AdDecisionQuery, PlacementKey, ServedAd } from '@laundry/contracts';
import { basisPointsPerUnit, isOwnAdImage, placementPriceE4 } from '@laundry/contracts';
import { inSchedule, pacedBudget, servingDayElapsed } from './ad-schedule.ts';
import { chooseCreative } from './creative-rotation.ts';
import {
  chooseByValue,
  eligibleCampaigns,
  indexTargeting,
  type ServableCampaign,
  type TargetingIndex,
  type ViewerPlace,
} from './ad-selection.ts';
import { dayElapsedIn, hourAllowanceSpent, nextThrottle, observeSpend, type SpendRate } from './ad-pacing.ts';
import { addressDigest, signAdToken, targetDigest } from './ad-token.ts';
import { frequencyKey } from './ad-counting.ts';
import type { DeliveryStore, ServableCampaignRow, ServableCampaignState } from './delivery-store.ts';
import type { AccountStanding } from '../ad-eligibility.ts';
import { servingHold } from '../ad-eligibility.ts';
import { policyLimitE4 } from '../spending-cap.ts';

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
  /** What an owner without a payment method may accrue in all (AD_TRIAL_CREDIT), in E4. */
  trialCreditE4: number;
  /** Each placement's price factor in basis points; a placement not listed charges the bid itself (×1). */
  placementFactorsBp?: ReadonlyMap<string, number>;
  now?: () => Date;
  random?: () => number;
}

export interface Viewer {
  userId: string | null;
  /** The frequency-cap key (a consented first-party id or the signed-in user), or null: no cap can apply. */
  viewerKey: string | null;
  /** The client address the decision is made for: its impression and click must come from it. */
  clientAddress: string;
}

/** One creative a campaign may show, with its counts so far. */
interface ServableCreative {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  impressions: number;
  clicks: number;
}

/** The campaign's own content first (named by its id), then its approved further creatives, with their counts. */
function creativesOf(row: ServableCampaignRow): ServableCreative[] {
  const counted = (id: string) => {
    const [impressions, clicks] = (row.creativeCounts as typeof row.creativeCounts | undefined)?.[id] ?? [
      0, 0,
    ];
    return { impressions: Number(impressions), clicks: Number(clicks) };
  };
  return [
    {
      id: row.id,
      title: row.title,
      description: row.description,
      imageUrl: row.imageUrl,
      targetUrl: row.targetUrl,
      ...counted(row.id),
    },
    ...row.creatives.map((creative) => ({ ...creative, ...counted(creative.id) })),
  ];
}

interface Indexed extends ServableCampaign {
  row: ServableCampaignRow;
  creatives: ServableCreative[];
  /** From the last reload: the owner's standing and the most one more charge may be (budget and day). */
  standing: AccountStanding;
  roomE4: number;
}

const DAY_MS = 86_400_000;
/** How long a page view's claims are kept: longer than anyone keeps one page open and searching. */
const PAGE_VIEW_SECONDS = 2 * 60 * 60;
const slotKey = (view: string, placement: PlacementKey) => `ad-view:${view}:slot:${placement}`;

/** What pacing remembers of a campaign from its last round. */
interface PacingRound {
  /** What pacing set; `entered` is 0 instead while the campaign sits out an hour it has spent its share of. */
  throttle: number;
  entered: number;
  /** The shares entered since the round, each times the share of the day it held, up to `since` (ms). */
  exposure: number;
  since: number;
  day: string;
  dayElapsed: number;
  spentToday: number;
  /** The clock hour of its day (0–23) and what had been spent when it began. */
  hour: number;
  spentAtHourStart: number;
  rate: SpendRate | undefined;
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
  const pacing = new Map<string, PacingRound>();
  const random = deps.random ?? Math.random;
  const now = () => deps.now?.() ?? new Date();
  /** The trial credit as it holds in an advertiser's currency (spending-cap.ts): what they accrued is in it. */
  const trialCreditIn = (currency: ServableCampaignRow['currency']) =>
    policyLimitE4(deps.trialCreditE4, currency);
  /** A bid in a placement: times that placement's factor (ad-pricing.ts), the price the form showed. */
  const priced = (bidE4: number, placement: PlacementKey) =>
    placementPriceE4(bidE4, deps.placementFactorsBp?.get(placement) ?? basisPointsPerUnit);
  /** What the campaign's billed event costs in this placement: per impression for CPM, else per click. */
  const chargeIn = (row: ServableCampaignRow, placement: PlacementKey) =>
    row.costPerImpressionE4 !== null && row.costPerImpressionE4 > 0
      ? { billedEvent: 'impression' as const, priceE4: priced(row.costPerImpressionE4, placement) }
      : { billedEvent: 'click' as const, priceE4: priced(row.costPerClickE4, placement) };
  /**
   * Whether the charge in this placement would be accepted: within the budget's and the day's room and,
   * without a card, the trial credit. A ×1.2 slot costs more than the bid the reload checked, so a campaign
   * with room for the bid alone is not shown there, where its click could not be charged.
   */
  const chargeable = (campaign: Indexed, placement: PlacementKey) => {
    const { priceE4 } = chargeIn(campaign.row, placement);
    return (
      priceE4 <= campaign.roomE4 &&
      servingHold(campaign.standing, trialCreditIn(campaign.row.currency), priceE4) === null
    );
  };

  /**
   * The share of requests a campaign enters until the next pacing round. Each reload also checks the hour's
   * allowance with the fresh spend, so a campaign that reaches it stops within seconds, not a minute later.
   */
  function enteredShare(
    row: ServableCampaignRow,
    clocks: Map<string, { day: string; hour: number }>,
  ): number {
    // Outside its weekly schedule a campaign enters no request, whatever pacing set.
    if (!inSchedule(row.schedule, row.timeZone, now())) return 0;
    const round = pacing.get(row.id);
    if (!round) return 1;
    let clock = clocks.get(row.timeZone);
    if (!clock) {
      const { day, elapsed } = dayElapsedIn(row.timeZone, now());
      clock = { day, hour: Math.min(23, Math.floor(elapsed * 24)) };
      clocks.set(row.timeZone, clock);
    }
    const sameHour = clock.day === round.day && clock.hour === round.hour;
    if (
      round.entered > 0 &&
      sameHour &&
      hourAllowanceSpent(row.spentToday - round.spentAtHourStart, pacedBudget(row.dailyBudget, row.schedule))
    ) {
      // From now on it sits out, which the next round's estimate must know.
      const at = now().getTime();
      round.exposure += (round.entered * (at - round.since)) / DAY_MS;
      round.since = at;
      round.entered = 0;
    }
    return round.entered;
  }

  function indexed(
    row: ServableCampaignRow,
    state: Pick<ServableCampaignState, 'standing' | 'roomE4'>,
    clocks: Map<string, { day: string; hour: number }>,
  ): Indexed {
    return {
      row,
      creatives: creativesOf(row),
      standing: state.standing,
      roomE4: state.roomE4,
      id: row.id,
      advertiserUserId: row.advertiserUserId,
      currency: row.currency,
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
      throttle: enteredShare(row, clocks),
    };
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

  /**
   * Whether the campaign may fill this slot of the page view: the first slot to claim it there has it, so
   * one campaign never fills two slots of one page (the claim is one atomic increment, which the page's slots
   * asking at the same moment, on any replica, cannot both win). Without a page view, always.
   */
  async function claimedFor(query: AdDecisionQuery, campaign: Indexed): Promise<boolean> {
    if (!query.view) return true;
    const claims = await deps.cache.incr(`ad-view:${query.view}:${campaign.id}`, PAGE_VIEW_SECONDS);
    if (claims !== 1) return false;
    await deps.cache.set(slotKey(query.view, query.placement), campaign.id, PAGE_VIEW_SECONDS);
    return true;
  }

  async function underCap(campaign: Indexed, viewer: Viewer): Promise<boolean> {
    if (campaign.frequencyCap === null || viewer.viewerKey === null) return true;
    // The cap is per day of the campaign's time zone, the day its budget and pacing run in.
    const key = frequencyKey(campaign.id, viewer.viewerKey, dayElapsedIn(campaign.row.timeZone, now()).day);
    const seen = Number((await deps.cache.get<number>(key)) ?? 0);
    return seen < campaign.frequencyCap;
  }

  return {
    /**
     * Reloads the servable campaigns: every time their counts and today's spend, and the whole row only of a
     * campaign that is new or whose content changed, so that reloading thousands of campaigns every few
     * seconds stays short (it runs on the thread that answers decisions). The targeting index is rebuilt only
     * when the set of campaigns or a campaign's content changed.
     */
    async refresh(): Promise<number> {
      const at = now();
      // Only campaigns whose owner may be charged their next event: verified, and with a card or trial left.
      const states = (await deps.store.loadServableState(deps.db, at)).filter(
        (state) => servingHold(state.standing, trialCreditIn(state.currency), state.priceE4) === null,
      );
      const known = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
      const stale = states.filter((state) => known.get(state.id)?.row.version !== state.version);
      const fresh = new Map(
        stale.length === 0
          ? []
          : (
              await deps.store.loadServable(
                deps.db,
                at,
                stale.map((state) => state.id),
              )
            ).map((row) => [row.id, row]),
      );
      const clocks = new Map<string, { day: string; hour: number }>();
      const next: Indexed[] = [];
      for (const state of states) {
        const row = fresh.get(state.id);
        const campaign = known.get(state.id);
        if (row) {
          next.push(indexed(row, state, clocks));
        } else if (campaign && campaign.row.version === state.version) {
          Object.assign(campaign.row, {
            impressions: state.impressions,
            clicks: state.clicks,
            spentToday: state.spentToday,
            creativeCounts: state.creativeCounts,
          });
          campaign.creatives = creativesOf(campaign.row);
          campaign.impressions = state.impressions;
          campaign.clicks = state.clicks;
          campaign.standing = state.standing;
          campaign.roomE4 = state.roomE4;
          campaign.throttle = enteredShare(campaign.row, clocks);
          next.push(campaign);
        }
        // Otherwise it stopped being servable between the two reads; the next reload settles it.
      }
      const changed =
        next.length !== campaigns.length || next.some((campaign, i) => campaign !== campaigns[i]);
      campaigns = next;
      if (changed) targeting = indexTargeting(campaigns);
      return campaigns.length;
    },

    /**
     * Sets each campaign's throttle for the next minute from what it spent since the last round (see
     * ad-pacing.ts): what is left of its budget, spread over what is left of its day.
     */
    pace(): void {
      const at = now();
      // Campaigns share a handful of time zones: each zone's clock is read once per round.
      const clocks = new Map<string, { day: string; elapsed: number }>();
      for (const campaign of campaigns) {
        const { timeZone, spentToday, schedule } = campaign.row;
        // A scheduled campaign spreads its day's budget over its serving hours (ad-schedule.ts).
        const dailyBudget = pacedBudget(campaign.row.dailyBudget, schedule);
        const serving = inSchedule(schedule, timeZone, at);
        let clock = clocks.get(timeZone);
        if (!clock) {
          clock = dayElapsedIn(timeZone, at);
          clocks.set(timeZone, clock);
        }
        const last = pacing.get(campaign.id);
        const sameDay = last !== undefined && last.day === clock.day;
        let rate = last?.rate;
        // A round within the same day tells what the last throttle spent; across midnight, the spend restarts.
        if (sameDay && clock.elapsed > last.dayElapsed && spentToday >= last.spentToday) {
          rate = observeSpend(rate, {
            spent: spentToday - last.spentToday,
            exposure: last.exposure + (last.entered * (at.getTime() - last.since)) / DAY_MS,
            interval: clock.elapsed - last.dayElapsed,
          });
        }
        const hour = Math.min(23, Math.floor(clock.elapsed * 24));
        // A new hour counts from the last round before it (up to a minute early: on the safe side).
        const spentAtHourStart = !last
          ? spentToday
          : !sameDay
            ? 0
            : last.hour === hour
              ? last.spentAtHourStart
              : last.spentToday;
        const held = hourAllowanceSpent(spentToday - spentAtHourStart, dailyBudget);
        // While it sits the hour out its throttle waits where it was: raising it for time in which it cannot
        // spend would only send it rushing at the next hour.
        const throttle =
          held && last
            ? last.throttle
            : nextThrottle({
                throttle: last?.throttle ?? 1,
                spentToday,
                dailyBudget,
                dayElapsed: schedule ? servingDayElapsed(schedule, timeZone, at) : clock.elapsed,
                rate,
              });
        const entered = held || !serving ? 0 : throttle;
        pacing.set(campaign.id, {
          throttle,
          entered,
          exposure: 0,
          since: at.getTime(),
          day: clock.day,
          dayElapsed: clock.elapsed,
          spentToday,
          hour,
          spentAtHourStart,
          rate,
        });
        campaign.throttle = entered;
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
      const at = now();
      const candidates = (eligibleCampaigns(targeting.candidates(place), place, random) as Indexed[]).filter(
        (campaign) =>
          chargeable(campaign, query.placement) &&
          // Checked again here, not only at the reload: an hour ends between reloads.
          (campaign.row.schedule === null || inSchedule(campaign.row.schedule, campaign.row.timeZone, at)),
      );
      // A slot asking again in the same page view keeps the campaign it was given, while that still runs.
      const kept = query.view
        ? await deps.cache.get<string>(slotKey(query.view, query.placement))
        : undefined;
      const again = kept === undefined ? undefined : candidates.find((campaign) => campaign.id === kept);
      if (again && (await underCap(again, viewer))) return served(again, query, place, viewer);
      while (candidates.length > 0) {
        const chosen = chooseByValue(candidates, random)!;
        if ((await underCap(chosen, viewer)) && (await claimedFor(query, chosen))) {
          return served(chosen, query, place, viewer);
        }
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
    const creative = chooseCreative(campaign.creatives, random);
    const token = signAdToken(
      {
        id: randomUUID(),
        campaignId: campaign.id,
        creativeId: creative.id,
        placementKey: placement,
        userId: viewer.userId,
        viewerKey: viewer.viewerKey ?? '',
        laundromatId: query.laundromatId ?? null,
        city: place.city,
        country: place.country,
        latitude: place.latitude,
        longitude: place.longitude,
        issuedAt: Math.floor(now().getTime() / 1000),
        // The price that won, fixed with the decision: a CPM campaign pays per impression, the others per click,
        // each times the placement's factor (the rule the campaign form shows before saving, ad-pricing.ts).
        ...chargeIn(campaign.row, placement),
        targetDigest: targetDigest(creative.targetUrl, deps.tokenSecret),
        addressDigest: addressDigest(viewer.clientAddress, deps.tokenSecret),
      },
      deps.tokenSecret,
    );
    return {
      token,
      campaignId: campaign.id,
      placement,
      title: creative.title,
      description: creative.description,
      // Only an image served from our own origin: a visitor's browser never asks the advertiser's host.
      imageUrl: isOwnAdImage(creative.imageUrl) ? creative.imageUrl : null,
      displayUrl: displayUrlOf(creative.targetUrl),
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
