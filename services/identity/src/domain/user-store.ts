import type { Role } from '@laundry/platform/auth';

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
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  passwordHash: string;
}

/** The users the domain reads and creates; infra/user-repository.ts implements it. */
export interface UserRepository {
  /** Undefined when the email is already taken (unique lower(email)). */
  insert(user: NewUser): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findById(id: string): Promise<UserRecord | undefined>;
}
