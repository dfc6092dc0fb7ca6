import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { EventOf, laundromatOwnerReleasedV1, laundromatOwnerVerifiedV1 } from '@laundry/contracts';

/**
 * laundromat.owner-verified.v1 → the laundromat's owner, which its answer shows as `ownerVerified`. The
 * event id is recorded in the same transaction, so a redelivery changes nothing; events are not ordered,
 * so one older than the last applied (owner_changed_at) is ignored. An admin's approval of a contested claim
 * releases the old owner and verifies the new one at the same instant: the verification still applies.
 */
export function ownerVerifiedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof laundromatOwnerVerifiedV1>>({
    db: deps.db,
    consumer: 'directory.owner-verified',
    handler: async ({ id, data }, tx) => {
      const rows = await tx.query(
        `UPDATE laundromats
         SET owner_user_id = $2, owner_claim_id = $3, owner_verified_at = $4, owner_changed_at = $4,
             owner_updated_at = NULL
         WHERE id = $1 AND (owner_changed_at IS NULL OR owner_changed_at <= $4) RETURNING id`,
        [data.laundromatId, data.ownerUserId, data.claimId, data.verifiedAt],
      );
      if (rows.length === 0)
        deps.logger.debug(
          { eventId: id, laundromatId: data.laundromatId },
          'owner older or unknown: ignored',
        );
    },
  });
}

/**
 * laundromat.owner-released.v1 → no owner, only while the released claim is still the one the laundromat
 * shows (a later owner stays); a release arriving before its verification is remembered by its time.
 */
export function ownerReleasedHandler(deps: { db: Db; logger: Logger }) {
  return idempotentHandler<EventOf<typeof laundromatOwnerReleasedV1>>({
    db: deps.db,
    consumer: 'directory.owner-released',
    handler: async ({ id, data }, tx) => {
      const rows = await tx.query(
        `UPDATE laundromats
         SET owner_user_id = NULL, owner_claim_id = NULL, owner_verified_at = NULL, owner_changed_at = $3,
             owner_updated_at = NULL
         WHERE id = $1 AND (owner_claim_id = $2 OR owner_claim_id IS NULL)
           AND (owner_changed_at IS NULL OR owner_changed_at < $3) RETURNING id`,
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
