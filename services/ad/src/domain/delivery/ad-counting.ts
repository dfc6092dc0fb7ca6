import type { Cache, Db, Outbox } from '@laundry/platform';
import { budgetNoticesCrossed, raiseCampaignNotice, type NoticeStore } from '../advertiser-notices.ts';
import { badRequest } from '@laundry/platform';
import { adClickRecordedV2, adImpressionRecordedV2, createEvent } from '@laundry/contracts';
import { addressDigest, claimedCampaignId, readAdToken, targetDigest, type AdDecision } from './ad-token.ts';
import type { AdEventRow, DeliveryStore } from './delivery-store.ts';
import { invalidReason, type InvalidReason } from './invalid-traffic.ts';
import { e4ToDollars } from '@laundry/contracts/money';
import type { AccountStandingStore } from '../account-standing-store.ts';
import { servingHold } from '../ad-eligibility.ts';
import { policyLimitE4 } from '../spending-cap.ts';

export interface CountingDeps {
  db: Db;
  store: DeliveryStore;
  outbox: Outbox;
  cache: Cache;
  isBot: (userAgent: string) => boolean;
  tokenSecret: string;
  tokenTtlSeconds: number;
  /**
   * How long a served ad's click link leads to its target (at least tokenTtlSeconds): a click after the
   * counting window still gets there, unbilled, until then; after it, the ad is no longer available.
   */
  linkTtlSeconds: number;
  /** Events of one kind one client may send in a minute before the rest are invalid. */
  burstLimits: { impression: number; click: number };
  /** Clicks one client address, and one viewer, may make in a UTC day across campaigns; past that, invalid. */
  dailyClickCaps: { perAddress: number; perViewer: number };
  placementIds: ReadonlyMap<string, string>;
  /** The owners' address and payment method, which the serving rule reads again at each charge. */
  standing: AccountStandingStore;
  /** What an owner without a payment method may accrue in all (AD_TRIAL_CREDIT), in E4. */
  trialCreditE4: number;
  /** The advertiser is told when a campaign has spent 80 % and all of its budget. */
  notices: NoticeStore;
  now?: () => Date;
}

export interface EventRequest {
  token: string;
  userAgent: string | undefined;
  ipAddress: string;
  userId: string | null;
  referrerUrl: string | null;
  pageUrl: string | null;
}

export interface CountResult {
  decision: AdDecision;
  /** Null when the event was counted and billed as it should be. */
  invalidReason: InvalidReason | null;
  /** What the advertiser was charged, in units of the campaign's currency. */
  cost: number;
  /**
   * Where a click goes: the target the ad was served with, while the link lives, the campaign still runs and
   * that target is still its approved one; undefined when the ad is no longer available.
   */
  targetUrl: string | undefined;
}

export const invalidTokenMessage = 'This ad link is not valid.';

/** The viewer's impression count for a campaign on one day of the campaign's time zone, for the frequency cap. */
export const frequencyKey = (campaignId: string, viewerKey: string, day: string) =>
  `ad-frequency:${campaignId}:${viewerKey}:${day}`;

/** A viewer's clicks on one UTC day, for the daily click cap; a consent withdrawal drops it with the rest. */
export const dailyClickKey = (viewerKey: string, day: string) => `ad-clicks:viewer:${viewerKey}:${day}`;

/**
 * Counts a click that would otherwise be billed against its client address's and its viewer's day, and says
 * whether either is past its cap. The address is kept only as a keyed digest.
 */
async function overDailyClickCap(deps: CountingDeps, request: EventRequest, decision: AdDecision, now: Date) {
  const day = now.toISOString().slice(0, 10);
  const ttl = 2 * 86_400;
  const address = addressDigest(request.ipAddress, deps.tokenSecret);
  const byAddress = await deps.cache.incr(`ad-clicks:address:${address}:${day}`, ttl);
  const byViewer = decision.viewerKey
    ? await deps.cache.incr(dailyClickKey(decision.viewerKey, day), ttl)
    : 0;
  return byAddress > deps.dailyClickCaps.perAddress || byViewer > deps.dailyClickCaps.perViewer;
}

/**
 * What this event costs the advertiser: the price the decision was won at, fixed in its token (a CPM
 * campaign's impressions, the others' clicks), never today's bid, which may have changed since.
 */
const priceE4 = (decision: AdDecision, type: 'impression' | 'click') =>
  decision.billedEvent === type ? decision.priceE4 : 0;

/**
 * Counts one impression or click of a served decision, once. Invalid traffic is stored with its reason and
 * never charged. A charge is made only while the campaign's total and daily budgets both still hold it, with
 * the campaign's row locked, so concurrent events can never spend a cent beyond either budget.
 */
export async function countEvent(
  deps: CountingDeps,
  type: 'impression' | 'click',
  request: EventRequest,
): Promise<CountResult> {
  const now = deps.now?.() ?? new Date();
  const reading = readAdToken(
    request.token,
    deps.tokenSecret,
    deps.tokenTtlSeconds,
    Math.floor(now.getTime() / 1000),
  );
  if (!reading.ok) {
    // A click without a decision this service made is kept as invalid traffic, trusting nothing of its token.
    if (type === 'click') {
      await deps.store.insertForgedClick(deps.db, {
        claimedCampaignId: claimedCampaignId(request.token),
        userId: request.userId,
        userAgent: request.userAgent?.slice(0, 1000) ?? null,
        ipAddress: request.ipAddress.slice(0, 45),
        referrerUrl: request.referrerUrl?.slice(0, 2048) ?? null,
        createdAt: now,
      });
    }
    throw badRequest(invalidTokenMessage, 'INVALID_AD_TOKEN');
  }
  const { decision } = reading;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const linkExpired =
    nowSeconds - decision.issuedAt > Math.max(deps.linkTtlSeconds, deps.tokenTtlSeconds) ||
    decision.issuedAt > nowSeconds + 60;
  const minute = Math.floor(now.getTime() / 60_000);
  const eventsThisMinute = await deps.cache.incr(`ad-burst:${type}:${request.ipAddress}:${minute}`, 120);
  // The viewer the ad was served to sends its impression and click: the same client address.
  const otherViewer = addressDigest(request.ipAddress, deps.tokenSecret) !== decision.addressDigest;
  // A click is billable only once its ad was seen: that viewer's impression counted before it.
  const noImpression = type === 'click' && !(await deps.store.impressionCounted(deps.db, decision.id, now));

  const outcome = await deps.db.tx(async (tx) => {
    const campaign = await deps.store.lockForCharge(tx, decision.campaignId, now);
    if (!campaign) return undefined;
    let reason: InvalidReason | null =
      invalidReason(
        {
          userAgent: request.userAgent,
          expired: reading.expired,
          ownAd: request.userId !== null && request.userId === campaign.advertiserUserId,
          eventsThisMinute,
          burstLimit: deps.burstLimits[type],
          otherViewer,
          noImpression,
          overDailyClickCap: false,
        },
        deps.isBot,
      ) ?? (campaign.servable ? null : 'not_servable');
    if (!reason && type === 'click' && (await overDailyClickCap(deps, request, decision, now))) {
      reason = 'daily_click_cap';
    }
    let cost = reason ? 0 : priceE4(decision, type);
    if (!reason) {
      // The serving rule again, at the exact charge: the standing may have changed since the decision. With
      // a card (most charges) the campaign's own read says enough; without one, the owner's row is locked and
      // what they accrued summed, so concurrent charges of their campaigns cannot overdraw the trial together.
      const standing =
        campaign.owner.emailVerified && !campaign.owner.hasPaymentMethod
          ? await deps.standing.lockForCharge(tx, campaign.advertiserUserId)
          : { ...campaign.owner, accruedE4: 0 };
      // What the owner accrued is in their currency, so is the trial credit it is held against.
      if (servingHold(standing, policyLimitE4(deps.trialCreditE4, campaign.currency), cost)) {
        reason = 'not_servable';
        cost = 0;
      }
    }
    if (!reason && cost > 0) {
      const fits =
        campaign.totalSpentE4 + cost <= campaign.totalBudgetE4 &&
        campaign.spentTodayE4 + cost <= campaign.dailyBudgetE4;
      if (!fits) {
        reason = 'budget_exhausted';
        cost = 0;
      }
    }
    const event: AdEventRow = {
      decisionId: decision.id,
      campaignId: decision.campaignId,
      creativeId: decision.creativeId ?? decision.campaignId,
      placementKey: decision.placementKey,
      eventType: type,
      userId: request.userId,
      userAgent: request.userAgent?.slice(0, 1000) ?? null,
      ipAddress: request.ipAddress.slice(0, 45),
      latitude: decision.latitude,
      longitude: decision.longitude,
      city: decision.city,
      country: decision.country,
      referrerUrl: request.referrerUrl?.slice(0, 2048) ?? null,
      pageUrl: request.pageUrl?.slice(0, 2048) ?? null,
      laundromatId: decision.laundromatId,
      costE4: cost,
      invalidReason: reason,
      createdAt: now,
    };
    const placementId = deps.placementIds.get(decision.placementKey) ?? null;
    let eventId = await deps.store.insertEvent(tx, event, placementId);
    if (!eventId) {
      // A valid event of this kind was already counted for this decision: this one is a replay.
      Object.assign(event, { invalidReason: 'replayed', costE4: 0 });
      eventId = (await deps.store.insertEvent(tx, event, placementId))!;
    }
    await deps.store.applyEvent(tx, event, campaign.day, campaign.advertiserId);
    for (const kind of budgetNoticesCrossed(campaign.totalSpentE4, event.costE4, campaign.totalBudgetE4)) {
      await raiseCampaignNotice(
        deps,
        tx,
        campaign.id,
        { noticeId: `${kind}:${campaign.id}:${campaign.totalBudgetE4}`, kind, currency: campaign.currency },
        now,
      );
    }
    if (event.invalidReason === null) {
      await deps.outbox.record(
        tx,
        createEvent(
          type === 'impression' ? adImpressionRecordedV2 : adClickRecordedV2,
          deps.outbox.producer,
          {
            adEventId: eventId,
            campaignId: campaign.id,
            advertiserId: campaign.advertiserId,
            advertiserUserId: campaign.advertiserUserId,
            placementId,
            placementKey: decision.placementKey,
            laundromatId: decision.laundromatId,
            city: decision.city,
            country: decision.country,
            userId: request.userId,
            // Integers of E4 on the wire (v2): the amount billing posts is the one charged here, exactly.
            costE4: event.costE4,
            revenueE4: event.costE4,
            // What they are amounts of: the advertiser's billing currency, never converted.
            currency: campaign.currency,
            recordedAt: now.toISOString(),
          },
        ),
      );
    }
    // The link of the creative the ad showed, while that creative is still one of the approved ones.
    const creativeTarget =
      event.creativeId === campaign.id
        ? campaign.targetUrl
        : campaign.creatives.find((creative) => creative.id === event.creativeId)?.targetUrl;
    const stillServed =
      !linkExpired &&
      campaign.servable &&
      creativeTarget !== undefined &&
      targetDigest(creativeTarget, deps.tokenSecret) === decision.targetDigest;
    return { event, targetUrl: stillServed ? creativeTarget : undefined, day: campaign.day };
  });
  if (!outcome) throw badRequest(invalidTokenMessage, 'INVALID_AD_TOKEN');
  if (type === 'impression' && outcome.event.invalidReason === null) {
    await deps.cache.incr(frequencyKey(decision.campaignId, decision.viewerKey, outcome.day), 2 * 86_400);
  }
  return {
    decision,
    invalidReason: outcome.event.invalidReason,
    cost: e4ToDollars(outcome.event.costE4),
    targetUrl: outcome.targetUrl,
  };
}
