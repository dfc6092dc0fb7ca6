import { idempotentHandler } from '@laundry/platform/bus';
import type { Cache } from '@laundry/platform/cache';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { forgetPublishedEventsOf } from '@laundry/platform/outbox';
import type { EventOf, userDeletedV1 } from '@laundry/contracts';
import type { PersonalDataStore } from '../domain/personal-data.ts';
import { forgetViewer } from '../domain/delivery/forget-viewer.ts';

/**
 * user.deleted.v1 → the person's campaigns end, their advertiser profile is erased, their ad events and
 * audit entries are anonymised and their frequency counters dropped, once per event. What billing owes or is owed is billing's to settle.
 */
export function userDeletedHandler(deps: { db: Db; cache: Cache; store: PersonalDataStore; logger: Logger }) {
  return idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: 'ad.user-deleted',
    handler: async (event, tx) => {
      const erased = await deps.store.erase(tx, event.data.userId);
      // The frequency counters kept under the person in the cache, as a consent withdrawal drops them.
      await forgetViewer({ db: tx, cache: deps.cache }, { userId: event.data.userId, adViewerId: null });
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info({ eventId: event.id, ...erased, events }, 'erased account: advertiser data erased');
    },
  });
}
