import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { EventOf, adImpressionRecordedV1 } from '@laundry/contracts';
import { postAdEvent } from '../domain/ledger.ts';
import type { LedgerStore } from '../domain/ledger-store.ts';

/**
 * ad.impression-recorded.v1 → one ledger entry. The envelope's id is recorded with it in one transaction,
 * and the entry's source is the ad event's id, unique in the ledger: a redelivery posts nothing more.
 */
export function adImpressionRecordedHandler(deps: { db: Db; ledger: LedgerStore }) {
  return idempotentHandler<EventOf<typeof adImpressionRecordedV1>>({
    db: deps.db,
    consumer: 'billing.ad-impression-recorded',
    handler: async ({ data }, tx) => {
      await postAdEvent(deps, tx, 'impression', data);
    },
  });
}
