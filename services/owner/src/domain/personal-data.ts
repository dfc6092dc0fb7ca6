import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';
import type { Outbox } from '@laundry/platform/outbox';
import type { ClaimStore } from './claim-store.ts';
import { recordReleased, toOwnerClaim } from './claims.ts';

/** A person's claims, as they see them (never a code's hash). */
export async function collectPersonalData(claims: ClaimStore, db: Db, userId: string): Promise<PersonalData> {
  const rows = await claims.ofUser(db, userId);
  return { parts: { 'owner-claims': rows.map(toOwnerClaim) }, files: [] };
}

/**
 * An erased person's claims go, and the laundromats they owned are released (the event names the claim,
 * not the person). Their documents are the photo service's, erased by its own user.deleted.v1 consumer.
 */
export async function eraseClaims(
  deps: { claims: ClaimStore; outbox: Outbox },
  tx: Db,
  userId: string,
  now = new Date(),
): Promise<Record<string, number>> {
  const rows = await deps.claims.ofUser(tx, userId);
  const owned = rows.filter((row) => row.status === 'verified');
  for (const claim of owned) await recordReleased(deps.outbox, tx, claim, 'account-erased', now);
  return { ownerClaims: await deps.claims.deleteOfUser(tx, userId), releasedLaundromats: owned.length };
}
