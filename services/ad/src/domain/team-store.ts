import type { Db } from '@laundry/platform';
import type { AdvertiserMemberRole } from '@laundry/contracts';

export interface MemberRow {
  userId: string;
  advertiserId: string;
  email: string;
  role: AdvertiserMemberRole;
  joinedAt: Date;
}

export interface InvitationRow {
  id: string;
  advertiserId: string;
  email: string;
  role: AdvertiserMemberRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** An advertiser's members and open invitations; infra/team-repository.ts implements it in SQL. */
export interface TeamStore {
  members(db: Db, advertiserId: string): Promise<MemberRow[]>;
  invitations(db: Db, advertiserId: string): Promise<InvitationRow[]>;
  /** The team the person is on, if any. */
  membershipOf(db: Db, userId: string): Promise<MemberRow | undefined>;
  memberByEmail(db: Db, advertiserId: string, email: string): Promise<MemberRow | undefined>;
  /** The account's invitation to the address, expired or not, locked for the transaction. */
  lockInvitationTo(tx: Db, advertiserId: string, email: string): Promise<InvitationRow | undefined>;
  insertInvitation(
    tx: Db,
    invitation: Omit<InvitationRow, 'createdAt'> & { tokenHash: string },
    now: Date,
  ): Promise<InvitationRow>;
  deleteInvitation(tx: Db, advertiserId: string, id: string): Promise<InvitationRow | undefined>;
  lockInvitationByToken(tx: Db, tokenHash: string): Promise<InvitationRow | undefined>;
  insertMember(
    tx: Db,
    member: Omit<MemberRow, 'joinedAt'> & { invitedBy: string | null },
    now: Date,
  ): Promise<MemberRow>;
  setRole(
    tx: Db,
    advertiserId: string,
    userId: string,
    role: AdvertiserMemberRole,
  ): Promise<{ before: MemberRow; after: MemberRow } | undefined>;
  deleteMember(tx: Db, advertiserId: string, userId: string): Promise<MemberRow | undefined>;
}
