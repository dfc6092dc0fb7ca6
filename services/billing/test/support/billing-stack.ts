import { randomUUID } from 'node:crypto';
import {
  adClickRecordedV1,
  adClickRecordedV2,
  adImpressionRecordedV1,
  adImpressionRecordedV2,
  createEvent,
  type AdClickRecordedV1,
  type AdClickRecordedV2,
  type AdImpressionRecordedV1,
  type AdImpressionRecordedV2,
  type BillingCurrency,
} from '@laundry/contracts';
import { dollarsToE4, e4ToDollars } from '@laundry/contracts/money';
import type { EventBus } from '@laundry/platform/bus';
import { startStack, ADMIN_EMAIL, signUpAdmin, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';

export type { TestStack, Session };
export { signUp, ADMIN_EMAIL, eventually };

/** The product stack for one billing test file, with the gateway's rate limits out of the way. */
export function startBillingStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  return startStack({
    RATE_LIMIT_PER_MINUTE: '1000000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
    ...overrides,
  });
}

/** A call through the gateway as the signed-in person (or nobody), answering status and parsed body. */
export function caller(stack: TestStack, session?: Session) {
  const call = apiClient(stack.baseUrl, session);
  return async <T = unknown>(method: string, path: string, body?: unknown) => {
    const response = await call(path, { method, body });
    const text = await response.text();
    const json = /json/.test(response.headers.get('content-type') ?? '') && text ? JSON.parse(text) : text;
    return { status: response.status, body: json as T, headers: response.headers };
  };
}

/** An advertiser as billing learns it from the ad events: its id and the user who owns it. */
export interface Advertiser {
  advertiserId: string;
  session: Session;
}

export async function newAdvertiser(stack: TestStack): Promise<Advertiser> {
  return { advertiserId: randomUUID(), session: await signUp(stack.baseUrl) };
}

export type AdEvent = AdImpressionRecordedV1 | AdClickRecordedV1 | AdImpressionRecordedV2 | AdClickRecordedV2;

/**
 * An event as the ad service publishes it when it counts an impression or click: v2, its cost in E4 (given
 * here in dollars for the tests' reading); v1, with float dollars, as it published before the switch.
 */
export function adEvent(
  kind: 'impression' | 'click',
  advertiser: Advertiser,
  cost: number,
  recordedAt = new Date(),
  campaignId = randomUUID(),
  version: 'v1' | 'v2' = 'v2',
): AdEvent {
  const data = {
    adEventId: randomUUID(),
    campaignId,
    advertiserId: advertiser.advertiserId,
    advertiserUserId: advertiser.session.user.id,
    placementId: null,
    placementKey: 'home-sidebar',
    city: 'Paris',
    country: 'FR',
    laundromatId: null,
    userId: null,
    recordedAt: recordedAt.toISOString(),
  };
  if (version === 'v1') {
    const type = kind === 'impression' ? adImpressionRecordedV1 : adClickRecordedV1;
    return createEvent(type, 'ad', { ...data, cost, revenue: cost }) as AdEvent;
  }
  const type = kind === 'impression' ? adImpressionRecordedV2 : adClickRecordedV2;
  const costE4 = dollarsToE4(cost);
  return createEvent(type, 'ad', { ...data, costE4, revenueE4: costE4 }) as AdEvent;
}

/**
 * A v2 event of an advertiser billed in `currency`, as the ad service publishes it since advertisers choose
 * one: its cost given in units of that currency (1234.55 is ¥1,234.55 in E4 for JPY).
 */
export function adEventIn(
  currency: BillingCurrency,
  kind: 'impression' | 'click',
  advertiser: Advertiser,
  cost: number,
  recordedAt = new Date(),
  campaignId = randomUUID(),
): AdEvent {
  const event = adEvent(kind, advertiser, cost, recordedAt, campaignId);
  const type = kind === 'impression' ? adImpressionRecordedV2 : adClickRecordedV2;
  return createEvent(type, 'ad', { ...(event.data as AdImpressionRecordedV2['data']), currency }) as AdEvent;
}

/** The same ad event (its id, its cost) in a new envelope of the other version. */
export function asOtherVersion(event: AdEvent): AdEvent {
  const impression = event.type.startsWith('ad.impression-recorded.');
  if ('costE4' in event.data) {
    const { costE4, revenueE4, ...rest } = event.data;
    const type = impression ? adImpressionRecordedV1 : adClickRecordedV1;
    const data = { ...rest, cost: e4ToDollars(costE4), revenue: e4ToDollars(revenueE4) };
    return createEvent(type, 'ad', data) as AdEvent;
  }
  const { cost, revenue, ...rest } = event.data;
  const type = impression ? adImpressionRecordedV2 : adClickRecordedV2;
  return createEvent(type, 'ad', {
    ...rest,
    costE4: dollarsToE4(cost),
    revenueE4: dollarsToE4(revenue),
  }) as AdEvent;
}

/** An event's cost in E4, whichever version carries it. */
export const costE4Of = (event: AdEvent) =>
  'costE4' in event.data ? event.data.costE4 : dollarsToE4(event.data.cost);

/** Publishes as the ad service would, onto the stack's bus (RabbitMQ with the real servers). */
export function adPublisher(stack: TestStack): EventBus {
  return stack.infra.bus('ad-events-test');
}

export interface LedgerTotals {
  entries: number;
  impressions: number;
  clicks: number;
  amountE4: number;
}

export async function ledgerTotals(stack: TestStack, advertiserId: string): Promise<LedgerTotals> {
  const [row] = await stack.billing.db.query<{
    entries: number;
    impressions: number;
    clicks: number;
    amountE4: string;
  }>(
    `SELECT count(*)::int AS entries,
            count(*) FILTER (WHERE kind = 'impression')::int AS impressions,
            count(*) FILTER (WHERE kind = 'click')::int AS clicks,
            COALESCE(sum(CASE WHEN kind = 'credit' THEN -amount_e4 ELSE amount_e4 END), 0)::text AS "amountE4"
     FROM ledger_entries WHERE advertiser_id = $1`,
    [advertiserId],
  );
  return { ...row!, amountE4: Number(row!.amountE4) };
}

/** What a list of events adds up to, in ten-thousandths of a dollar, counted the way the ledger must. */
export function expectedTotals(events: AdEvent[]): LedgerTotals {
  return {
    entries: events.length,
    impressions: events.filter((event) => event.type.startsWith('ad.impression-recorded.')).length,
    clicks: events.filter((event) => event.type.startsWith('ad.click-recorded.')).length,
    amountE4: events.reduce((sum, event) => sum + costE4Of(event), 0),
  };
}

/** Sends the events as the ad service would. */
export async function sendEvents(stack: TestStack, events: AdEvent[]): Promise<void> {
  const bus = adPublisher(stack);
  for (const event of events) await bus.publish(event);
}

/** Waits until the ledger holds this many entries for the advertiser (events travel through the broker). */
export async function untilLedgerHas(stack: TestStack, advertiserId: string, entries: number): Promise<void> {
  await eventually(async () => (await ledgerTotals(stack, advertiserId)).entries >= entries, 20_000);
}

export const admin = (stack: TestStack) => signUpAdmin(stack);

/** Events billing published, by type, for the advertiser (read from its outbox). */
export async function publishedBy(stack: TestStack, type: string, advertiserId: string) {
  return stack.billing.db.query<{ data: Record<string, unknown> }>(
    `SELECT envelope->'data' AS data FROM outbox WHERE type = $1 AND envelope->'data'->>'advertiserId' = $2
     ORDER BY seq`,
    [type, advertiserId],
  );
}

/** Waits until the advertiser's newest statement satisfies the check, and answers it in full. */
export async function untilStatement<T extends { status: string; paymentStatus: string }>(
  stack: TestStack,
  advertiser: Advertiser,
  check: (statement: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  let found: T | undefined;
  await eventually(async () => {
    const list = await caller(stack, advertiser.session)<Array<{ id: string }>>('GET', '/api/payouts');
    const newest = list.body[0];
    if (!newest) return false;
    found = (await caller(stack, advertiser.session)<T>('GET', `/api/payouts/${newest.id}`)).body;
    return check(found);
  }, timeoutMs);
  return found!;
}
