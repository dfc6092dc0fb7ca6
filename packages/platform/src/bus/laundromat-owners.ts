import type { EventOf, laundromatOwnerReleasedV1, laundromatOwnerVerifiedV1 } from '@laundry/contracts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../logging/index.ts';
import { idempotentHandler } from './idempotent-handler.ts';

/**
 * A service's own copy of who owns each laundromat, kept from the owner service's events, so an owner's
 * request is authorised without asking another service while they wait. The service's migration creates
 *
 *   CREATE TABLE laundromat_owners (laundromat_id uuid PRIMARY KEY, owner_user_id uuid,
 *     owner_claim_id uuid, owner_changed_at timestamptz NOT NULL);
 *
 * Each event id is recorded in the handler's transaction, so a redelivery changes nothing. Events are not
 * ordered: one older than the last applied (owner_changed_at) is ignored, a release removes only the claim
 * it names, and a release arriving before its verification is remembered by its time.
 */
export function laundromatOwnerHandlers(deps: { db: Db; logger: Logger; service: string }) {
  const verified = idempotentHandler<EventOf<typeof laundromatOwnerVerifiedV1>>({
    db: deps.db,
    consumer: `${deps.service}.owner-verified`,
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
  const released = idempotentHandler<EventOf<typeof laundromatOwnerReleasedV1>>({
    db: deps.db,
    consumer: `${deps.service}.owner-released`,
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
  return { verified, released };
}

/** The laundromat's verified owner by the service's copy; undefined when it has none. */
export async function laundromatOwnerOf(db: Db, laundromatId: string): Promise<string | undefined> {
  const [row] = await db.query<{ ownerUserId: string | null }>(
    'SELECT owner_user_id AS "ownerUserId" FROM laundromat_owners WHERE laundromat_id = $1',
    [laundromatId],
  );
  return row?.ownerUserId ?? undefined;
}
