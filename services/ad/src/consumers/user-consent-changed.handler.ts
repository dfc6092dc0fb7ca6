import { idempotentHandler } from '@laundry/platform/bus';
import type { Cache } from '@laundry/platform/cache';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { EventOf, userConsentChangedV1 } from '@laundry/contracts';
import { forgetViewer } from '../domain/delivery/forget-viewer.ts';

/** user.consent-changed.v1 without advertising consent → the person's frequency counters are dropped. */
export function userConsentChangedHandler(deps: { db: Db; cache: Cache; logger: Logger }) {
  return idempotentHandler<EventOf<typeof userConsentChangedV1>>({
    db: deps.db,
    consumer: 'ad.user-consent-changed',
    handler: async ({ data }, tx) => {
      if (data.advertising) return;
      // In the handler's transaction: the embedded database has one connection, which the transaction holds.
      const dropped = await forgetViewer(
        { db: tx, cache: deps.cache },
        { userId: data.userId, adViewerId: data.adViewerId },
      );
      deps.logger.info({ dropped }, 'advertising consent withdrawn: frequency counters dropped');
    },
  });
}
