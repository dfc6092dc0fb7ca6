import type { User } from '@laundry/contracts';
import type { UserRecord } from './user-store.ts';

/** What the API may show of a user: everything the client uses, never password material. */
export function toPublicUser(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    contributionPoints: user.contributionPoints,
    laundromatsAdded: user.laundromatsAdded,
    reviewsWritten: user.reviewsWritten,
    photosUploaded: user.photosUploaded,
    contributorBadge: user.contributorBadge,
    role: user.role,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
