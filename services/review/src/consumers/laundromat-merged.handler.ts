import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { EventOf, laundromatMergedV1 } from '@laundry/contracts';

/**
 * laundromat.merged.v1 → the merged laundromat's reviews move to the survivor.
 * A person who reviewed both on the same day keeps the survivor's review (one a day per laundromat); the
 * other stays where it was, on the closed laundromat. The event id is recorded in the same transaction
 * and the update matches nothing a second time, so a redelivery changes nothing.
 */
export function laundromatMergedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof laundromatMergedV1>>({
    db: deps.db,
    consumer: 'review.laundromat-merged',
    handler: async ({ id, data }, tx) => {
      const moved = await tx.query<{ id: string }>(
        `UPDATE reviews r SET laundromat_id = $2
         WHERE r.laundromat_id = $1 AND NOT EXISTS (
           SELECT 1 FROM reviews s
           WHERE s.laundromat_id = $2 AND s.user_id = r.user_id AND s.review_day = r.review_day)
         RETURNING r.id`,
        [data.mergedId, data.survivorId],
      );
      deps.logger.info({ eventId: id, ...data, reviews: moved.length }, 'reviews moved to the survivor');
    },
  });
}
