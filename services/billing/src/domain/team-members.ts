import type { Db } from '@laundry/platform/db';
import { AppError } from '@laundry/platform/errors';
import type { AdvertiserTeamMemberChangedV1 } from '@laundry/contracts';

/** Who is on which advertiser's team, as the ad service announced it; infra/team-member-repository.ts. */
export interface TeamMemberStore {
  /** Keeps the change unless a newer one is already kept; true when it was applied. */
  apply(tx: Db, change: AdvertiserTeamMemberChangedV1['data']): Promise<boolean>;
  /** The person's role on someone else's account, if they are on a team now. */
  roleOf(db: Db, userId: string): Promise<'manager' | 'viewer' | undefined>;
  /** The person's place on a team, and the team of the account they own: gone with their account. */
  forget(tx: Db, userId: string): Promise<number>;
}

export const ownerOnlyBillingMessage = "Only the account's owner sees billing and payment methods.";

/**
 * An advertiser's billing is its owner's: a member of someone's team (a manager or a viewer) is refused
 * with a 403 that says so, rather than shown an empty account of their own.
 */
export async function requireNoTeamRole(deps: { db: Db; teamMembers: TeamMemberStore }, userId: string) {
  if (await deps.teamMembers.roleOf(deps.db, userId)) {
    throw new AppError(403, ownerOnlyBillingMessage, 'ROLE_NOT_ALLOWED');
  }
}
