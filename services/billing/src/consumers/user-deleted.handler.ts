import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { forgetPublishedEventsOf } from '@laundry/platform/outbox';
import type { EventOf, userDeletedV1 } from '@laundry/contracts';
import { erasePersonalData, type PersonalDataStore } from '../domain/personal-data.ts';

/** user.deleted.v1 → unpaid statements charged, the person's billing records re-keyed anonymously, once. */
export function userDeletedHandler(deps: {
  db: Db;
  store: PersonalDataStore;
  chargeNow: () => Promise<unknown>;
  logger: Logger;
}) {
  return idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: 'billing.user-deleted',
    handler: async (event, tx) => {
      const erased = await erasePersonalData(deps, tx, event.data.userId);
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info(
        { eventId: event.id, ...erased, events },
        'erased account: billing records anonymised',
      );
    },
  });
}
