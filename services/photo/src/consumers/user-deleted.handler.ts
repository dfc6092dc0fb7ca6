import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { forgetPublishedEventsOf } from '@laundry/platform/outbox';
import type { EventOf, userDeletedV1 } from '@laundry/contracts';
import type { ObjectStorage } from '../domain/object-store.ts';
import { erasePersonalData, type PersonalDataStore } from '../domain/personal-data.ts';

/** user.deleted.v1 → the person's photos and documents go, with their files, once per event. */
export function userDeletedHandler(deps: {
  db: Db;
  store: PersonalDataStore;
  storage: ObjectStorage;
  logger: Logger;
}) {
  return idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: 'photo.user-deleted',
    handler: async (event, tx) => {
      const files = await erasePersonalData(deps, tx, event.data.userId);
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info({ eventId: event.id, files, events }, 'erased account: photos and documents deleted');
    },
  });
}
