import { profileImagePathPattern, type UpdateProfileRequest } from '@laundry/contracts';
import { forbidden, unauthorized } from '@laundry/platform/errors';
import type { UserRecord, UserRepository } from './user-store.ts';

/** The name the header shows. */
export async function updateProfile(
  deps: { users: UserRepository },
  userId: string,
  changes: UpdateProfileRequest,
): Promise<UserRecord> {
  const user = await deps.users.updateName(userId, changes);
  if (!user) throw unauthorized();
  return user;
}

/**
 * An image the photo service stored for this person (its folder is named by their id, so a person can only
 * choose their own), or none.
 */
export async function setProfileImage(
  deps: { users: UserRepository },
  userId: string,
  url: string | null,
): Promise<UserRecord> {
  if (url !== null && profileImagePathPattern.exec(url)?.[1] !== userId) {
    throw forbidden('This image is not yours.');
  }
  const user = await deps.users.setProfileImage(userId, url);
  if (!user) throw unauthorized();
  return user;
}
