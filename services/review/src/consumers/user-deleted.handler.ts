import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { forgetPublishedEventsOf } from '@laundry/platform/outbox';
import type { EventOf, userDeletedV1 } from '@laundry/contracts';
import type { PersonalDataStore } from '../domain/personal-data.ts';

/** user.deleted.v1 → the person's reviews stay as 'Anonymous User' without their id, once per event. */
export function userDeletedHandler(deps: { db: Db; store: PersonalDataStore; logger: Logger }) {
  return idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: 'review.user-deleted',
    handler: async (event, tx) => {
      const reviews = await deps.store.anonymise(tx, event.data.userId);
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info({ eventId: event.id, reviews, events }, 'erased account: reviews anonymised');
    },
  });
}
