import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { forgetPublishedEventsOf } from '@laundry/platform/outbox';
import type { EventOf, userDeletedV1 } from '@laundry/contracts';

/**
 * user.deleted.v1, identity's own: the account's row went when it was recorded; once published, the
 * events that name the person (this one included) leave identity's outbox too.
 */
export function userDeletedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof userDeletedV1>>({
    db: deps.db,
    consumer: 'identity.user-deleted',
    handler: async (event, tx) => {
      // This event's own row too: it was delivered, so it is published, though the relay that marked it so
      // may not have committed yet (this waits for it rather than missing it).
      await tx.query('DELETE FROM outbox WHERE id = $1', [event.id]);
      const events = await forgetPublishedEventsOf(tx, event.data.userId);
      deps.logger.info({ eventId: event.id, events }, 'erased account: published events forgotten');
    },
  });
}
