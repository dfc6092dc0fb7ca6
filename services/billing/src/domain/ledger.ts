import { randomUUID } from 'node:crypto';
import { notFound, conflict } from '@laundry/platform/errors';
import type { Db } from '@laundry/platform/db';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import type { AdImpressionRecordedV1, AdImpressionRecordedV2 } from '@laundry/contracts';
import { dollarsToE4 } from '@laundry/contracts/money';
import {
  ADVERTISER_RECEIVABLE,
  PLATFORM_AD_REVENUE,
  type LedgerEntry,
  type LedgerStore,
} from './ledger-store.ts';

/** An ad event as v2 carries it: its cost an integer of E4. */
export type AdEventData = AdImpressionRecordedV2['data'];
export type AdEventDataV1 = AdImpressionRecordedV1['data'];

/**
 * A v1 ad event (cost in float dollars, still in flight during the switch to v2) as v2's data: its cost read
 * from the number's decimal text into E4, exactly for every amount the ad service wrote (4 decimals at most).
 */
export function adEventDataFromV1({ cost, revenue, ...rest }: AdEventDataV1): AdEventData {
  return { ...rest, costE4: dollarsToE4(cost), revenueE4: dollarsToE4(revenue) };
}

/**
 * One counted impression or click: the advertiser owes its cost, the platform earns it. The entry's source
 * is the ad event's id, unique in the ledger, so whatever the redelivery, and whether it came as v1 or v2,
 * it posts once; an impression of a pay-per-click campaign posts 0 and still counts. The entry keeps the
 * event's currency (US dollars when the event names none). Answers whether it was posted now.
 */
export async function postAdEvent(
  deps: { ledger: LedgerStore },
  tx: Db,
  kind: 'impression' | 'click',
  event: AdEventData,
): Promise<boolean> {
  if (event.advertiserUserId) await deps.ledger.rememberOwner(tx, event.advertiserId, event.advertiserUserId);
  return deps.ledger.post(tx, {
    sourceId: event.adEventId,
    kind,
    advertiserId: event.advertiserId,
    campaignId: event.campaignId,
    debitAccount: ADVERTISER_RECEIVABLE,
    creditAccount: PLATFORM_AD_REVENUE,
    amountE4: event.costE4,
    // Events recorded before advertisers chose a currency were all US dollars.
    currency: event.currency ?? 'USD',
    occurredAt: new Date(event.recordedAt),
    correctsSourceId: null,
    note: null,
  });
}

export const eventNotInLedgerMessage = 'No such ad event is in the ledger.';

/**
 * Invalid traffic found after the fact: a new entry that gives the event's cost back to the advertiser
 * (the original stays as it was). An event is credited at most once.
 */
export async function creditAdEvent(
  deps: { db: Db; ledger: LedgerStore; outbox: Outbox },
  adEventId: string,
  reason: string,
  admin: AuditContext,
  now = new Date(),
): Promise<LedgerEntry> {
  return deps.db.tx(async (tx) => {
    const original = await deps.ledger.entryBySource(tx, adEventId);
    if (!original || original.kind === 'credit') throw notFound(eventNotInLedgerMessage);
    const credit: LedgerEntry = {
      sourceId: randomUUID(),
      kind: 'credit',
      advertiserId: original.advertiserId,
      campaignId: original.campaignId,
      debitAccount: PLATFORM_AD_REVENUE,
      creditAccount: ADVERTISER_RECEIVABLE,
      amountE4: original.amountE4,
      // The cost goes back in the currency it was charged in.
      currency: original.currency,
      occurredAt: now,
      correctsSourceId: original.sourceId,
      note: reason,
    };
    const posted = await deps.ledger.post(tx, credit).catch((error: unknown) => {
      if (isUniqueViolation(error)) return false;
      throw error;
    });
    if (!posted) throw conflict('This ad event has already been credited.');
    await auditSuccess(tx, deps.outbox, admin, {
      action: 'billing.credit',
      resource: 'ledger_entry',
      resourceId: credit.sourceId,
      advertiserId: credit.advertiserId,
      newData: { adEventId, amountE4: credit.amountE4, currency: credit.currency, reason },
    });
    return credit;
  });
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
