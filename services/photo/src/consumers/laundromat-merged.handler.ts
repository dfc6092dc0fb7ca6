import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { EventOf, laundromatMergedV1 } from '@laundry/contracts';

/**
 * laundromat.merged.v1 → the merged laundromat's photos belong to the survivor from now on. The event id
 * is recorded in the same transaction and the update matches nothing a second time, so a redelivery
 * changes nothing.
 */
export function laundromatMergedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof laundromatMergedV1>>({
    db: deps.db,
    consumer: 'photo.laundromat-merged',
    handler: async ({ id, data }, tx) => {
      const moved = await tx.query(
        `UPDATE photos SET laundromat_id = $2 WHERE laundromat_id = $1 RETURNING id`,
        [data.mergedId, data.survivorId],
      );
      deps.logger.info({ eventId: id, ...data, photos: moved.length }, 'photos moved to the survivor');
    },
  });
}
