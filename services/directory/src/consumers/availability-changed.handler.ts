import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { availabilityChangedV1, EventOf } from '@laundry/contracts';

/**
 * availability.changed.v1 → the laundromat's live summary column, which list answers carry as `live`. The
 * event id is recorded in the same transaction, so a redelivery counts once; an older state arriving after
 * a newer one (events are not ordered) is ignored by its computedAt.
 */
export function availabilityChangedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof availabilityChangedV1>>({
    db: deps.db,
    consumer: 'directory.availability-changed',
    handler: async ({ id, data }, tx) => {
      const rows = await tx.query(
        `UPDATE laundromats SET live_summary = $2::jsonb, live_valid_until = $3, live_computed_at = $4
         WHERE id = $1 AND (live_computed_at IS NULL OR live_computed_at < $4) RETURNING id`,
        [
          data.laundromatId,
          data.live === null ? null : JSON.stringify(data.live),
          data.validUntil,
          data.computedAt,
        ],
      );
      if (rows.length === 0) {
        deps.logger.debug(
          { eventId: id, laundromatId: data.laundromatId },
          'live summary older or unknown: ignored',
        );
      }
    },
  });
}
