import type { Language } from '@laundry/contracts';
import type { Role } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';

/** A users row as the domain sees it, password hash included; never sent as is. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  contributionPoints: number;
  laundromatsAdded: number;
  reviewsWritten: number;
  photosUploaded: number;
  contributorBadge: string | null;
  role: Role;
  passwordHash: string;
  emailVerified: boolean;
  language: Language;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  passwordHash: string;
  language: Language;
}

/** The users the domain reads and changes; infra/user-repository.ts implements it. */
export interface UserRepository {
  /** Undefined when the email is already taken (unique lower(email)). */
  insert(user: NewUser): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findById(id: string): Promise<UserRecord | undefined>;
  setPasswordHash(tx: Db, userId: string, passwordHash: string): Promise<void>;
  /** Marks the address verified while it is still the account's; false when the account has another now. */
  markEmailVerified(tx: Db, userId: string, email: string): Promise<boolean>;
  /** Changes the fields given (undefined leaves a field as it is); undefined when there is no such user. */
  updateName(
    userId: string,
    name: { firstName?: string | null; lastName?: string | null },
  ): Promise<UserRecord | undefined>;
  setProfileImage(userId: string, url: string | null): Promise<UserRecord | undefined>;
  /**
   * Makes `email` the account's, verified (its owner followed the link sent to it); false when another
   * account has it by now.
   */
  changeEmail(tx: Db, userId: string, email: string): Promise<boolean>;
  /** The accounts last handed a session with the admin role (the stored role column). */
  listAdminSessionHolders(): Promise<Array<Pick<UserRecord, 'id' | 'email' | 'emailVerified'>>>;
  /** Records the role the account's newest session carries. */
  recordSessionRole(userId: string, role: Role): Promise<void>;
}
