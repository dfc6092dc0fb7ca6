import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { forgetPublishedEventsOf } from '@laundry/platform/outbox';
import type { EventOf, userDeletedV1 } from '@laundry/contracts';
import type { PersonalDataStore } from '../domain/personal-data.ts';

/** user.deleted.v1 → the person's favourites go and their laundromats lose their submitter, once per event. */
export function userDeletedHandler(deps: { db: Db; store: PersonalDataStore; logger: Logger }) {
  return idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: 'directory.user-deleted',
    handler: async (event, tx) => {
      const erased = await deps.store.erase(tx, event.data.userId);
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info(
        { eventId: event.id, ...erased, events },
        'erased account: favourites and submitter gone',
      );
    },
  });
}
