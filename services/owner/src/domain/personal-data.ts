import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';
import type { Outbox } from '@laundry/platform/outbox';
import type { ClaimStore } from './claim-store.ts';
import { recordReleased, toOwnerClaim } from './claims.ts';
import { toClaimTransfer } from './claim-transfers.ts';
import type { TransferStore } from './transfer-store.ts';

/**
 * A person's claims, as they see them (never a code's hash), and the transfers they sent (with the address
 * they sent each to) or accepted.
 */
export async function collectPersonalData(
  deps: { claims: ClaimStore; transfers: TransferStore },
  db: Db,
  userId: string,
): Promise<PersonalData> {
  const rows = await deps.claims.ofUser(db, userId);
  const transfers = await deps.transfers.ofUser(db, userId);
  return {
    parts: {
      'owner-claims': rows.map(toOwnerClaim),
      'owner-claim-transfers': transfers.map((row) => ({
        ...toClaimTransfer(row),
        direction: row.fromUserId === userId ? 'sent' : 'received',
      })),
    },
    files: [],
  };
}

/**
 * An erased person's claims go, and the laundromats they owned are released (the event names the claim,
 * not the person). Their documents are the photo service's, erased by its own user.deleted.v1 consumer.
 * The transfers they sent go with their claims (a waiting one's link stops working), and those they
 * accepted, which hold their address, go too.
 */
export async function eraseClaims(
  deps: { claims: ClaimStore; transfers: TransferStore; outbox: Outbox },
  tx: Db,
  userId: string,
  now = new Date(),
): Promise<Record<string, number>> {
  const rows = await deps.claims.ofUser(tx, userId);
  const owned = rows.filter((row) => row.status === 'verified');
  for (const claim of owned) await recordReleased(deps.outbox, tx, claim, 'account-erased', now);
  const ownerClaimTransfers =
    (await deps.transfers.deleteFrom(tx, userId)) + (await deps.transfers.deleteAcceptedBy(tx, userId));
  return {
    ownerClaims: await deps.claims.deleteOfUser(tx, userId),
    ownerClaimTransfers,
    releasedLaundromats: owned.length,
  };
}
