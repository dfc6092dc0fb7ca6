import type { Cache, Db, Outbox } from '@laundry/platform';
import { badRequest } from '@laundry/platform';
import { adClickRecordedV1, adImpressionRecordedV1, createEvent } from '@laundry/contracts';
import { claimedCampaignId, readAdToken, type AdDecision } from './ad-token.ts';
import type { AdEventRow, ChargeableCampaign, DeliveryStore } from './delivery-store.ts';
import { invalidReason, type InvalidReason } from './invalid-traffic.ts';
import { e4ToDollars } from '../money.ts';

export interface CountingDeps {
  db: Db;
  store: DeliveryStore;
  outbox: Outbox;
  cache: Cache;
  isBot: (userAgent: string) => boolean;
  tokenSecret: string;
  tokenTtlSeconds: number;
  /** Events of one kind one client may send in a minute before the rest are invalid. */
  burstLimits: { impression: number; click: number };
  placementIds: ReadonlyMap<string, string>;
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
  /** What the advertiser was charged, in dollars. */
  cost: number;
  /** Where a click goes. */
  targetUrl: string | undefined;
}

export const invalidTokenMessage = 'This ad link is not valid.';

/** The viewer's impression count for a campaign on one day of the campaign's time zone, for the frequency cap. */
export const frequencyKey = (campaignId: string, viewerKey: string, day: string) =>
  `ad-frequency:${campaignId}:${viewerKey}:${day}`;

/** What this event costs the advertiser: a CPM campaign pays for impressions, the others for clicks. */
function priceE4(campaign: ChargeableCampaign, type: 'impression' | 'click'): number {
  const perImpression = campaign.costPerImpressionE4 !== null && campaign.costPerImpressionE4 > 0;
  if (type === 'impression') return perImpression ? campaign.costPerImpressionE4! : 0;
  return perImpression ? 0 : campaign.costPerClickE4;
}

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
  const minute = Math.floor(now.getTime() / 60_000);
  const eventsThisMinute = await deps.cache.incr(`ad-burst:${type}:${request.ipAddress}:${minute}`, 120);

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
        },
        deps.isBot,
      ) ?? (campaign.servable ? null : 'not_servable');
    let cost = reason ? 0 : priceE4(campaign, type);
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
    if (event.invalidReason === null) {
      await deps.outbox.record(
        tx,
        createEvent(
          type === 'impression' ? adImpressionRecordedV1 : adClickRecordedV1,
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
            cost: e4ToDollars(event.costE4),
            revenue: e4ToDollars(event.costE4),
            recordedAt: now.toISOString(),
          },
        ),
      );
    }
    return { event, targetUrl: campaign.targetUrl, day: campaign.day };
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
