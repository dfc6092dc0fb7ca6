import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { EventOf, adClickRecordedV1, adClickRecordedV2 } from '@laundry/contracts';
import { adEventDataFromV1, postAdEvent } from '../domain/ledger.ts';
import type { LedgerStore } from '../domain/ledger-store.ts';

type ClickEvent = EventOf<typeof adClickRecordedV1> | EventOf<typeof adClickRecordedV2>;

/**
 * ad.click-recorded.v2, and v1 while it is still in flight → one ledger entry. The envelope's id is recorded
 * with it in one transaction, and the entry's source is the ad event's id, unique in the ledger: a
 * redelivery, or the same ad event in another envelope or version, posts nothing more.
 */
export function adClickRecordedHandler(deps: { db: Db; ledger: LedgerStore }) {
  return idempotentHandler<ClickEvent>({
    db: deps.db,
    consumer: 'billing.ad-click-recorded',
    handler: async ({ data }, tx) => {
      await postAdEvent(deps, tx, 'click', 'costE4' in data ? data : adEventDataFromV1(data));
    },
  });
}
