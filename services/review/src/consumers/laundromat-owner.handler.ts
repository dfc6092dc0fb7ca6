import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { EventOf, laundromatOwnerReleasedV1, laundromatOwnerVerifiedV1 } from '@laundry/contracts';

/**
 * laundromat.owner-verified.v1 → the owner who may reply to the laundromat's reviews. The event id is
 * recorded in the same transaction, so a redelivery changes nothing; an event older than the last applied
 * (owner_changed_at) is ignored, as events are not ordered.
 */
export function ownerVerifiedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof laundromatOwnerVerifiedV1>>({
    db: deps.db,
    consumer: 'review.owner-verified',
    handler: async ({ id, data }, tx) => {
      const rows = await tx.query(
        `INSERT INTO laundromat_owners (laundromat_id, owner_user_id, owner_claim_id, owner_changed_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (laundromat_id) DO UPDATE
           SET owner_user_id = EXCLUDED.owner_user_id, owner_claim_id = EXCLUDED.owner_claim_id,
               owner_changed_at = EXCLUDED.owner_changed_at
           WHERE laundromat_owners.owner_changed_at <= EXCLUDED.owner_changed_at
         RETURNING laundromat_id`,
        [data.laundromatId, data.ownerUserId, data.claimId, data.verifiedAt],
      );
      if (rows.length === 0)
        deps.logger.debug({ eventId: id, laundromatId: data.laundromatId }, 'older owner: ignored');
    },
  });
}

/**
 * laundromat.owner-released.v1 → no owner, only while the released claim is the one kept (a later owner
 * stays); a release arriving before its verification is remembered by its time.
 */
export function ownerReleasedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof laundromatOwnerReleasedV1>>({
    db: deps.db,
    consumer: 'review.owner-released',
    handler: async ({ id, data }, tx) => {
      const rows = await tx.query(
        `INSERT INTO laundromat_owners (laundromat_id, owner_user_id, owner_claim_id, owner_changed_at)
         VALUES ($1, NULL, NULL, $3)
         ON CONFLICT (laundromat_id) DO UPDATE
           SET owner_user_id = NULL, owner_claim_id = NULL, owner_changed_at = EXCLUDED.owner_changed_at
           WHERE (laundromat_owners.owner_claim_id = $2 OR laundromat_owners.owner_claim_id IS NULL)
             AND laundromat_owners.owner_changed_at < EXCLUDED.owner_changed_at
         RETURNING laundromat_id`,
        [data.laundromatId, data.claimId, data.releasedAt],
      );
      if (rows.length === 0)
        deps.logger.debug(
          { eventId: id, laundromatId: data.laundromatId },
          'release of another owner: ignored',
        );
    },
  });
}
