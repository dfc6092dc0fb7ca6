import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { EventOf, adClickRecordedV1 } from '@laundry/contracts';
import { postAdEvent } from '../domain/ledger.ts';
import type { LedgerStore } from '../domain/ledger-store.ts';

/** ad.click-recorded.v1 → one ledger entry, once per ad event whatever the redelivery. */
export function adClickRecordedHandler(deps: { db: Db; ledger: LedgerStore }) {
  return idempotentHandler<EventOf<typeof adClickRecordedV1>>({
    db: deps.db,
    consumer: 'billing.ad-click-recorded',
    handler: async ({ data }, tx) => {
      await postAdEvent(deps, tx, 'click', data);
    },
  });
}
