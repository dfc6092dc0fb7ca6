import { randomUUID } from 'node:crypto';
import { PROFILE_IMAGE_FOLDER, type ProfileImageUploadResponse } from '@laundry/contracts';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { ImageProcessing } from './images.ts';
import type { ObjectStorage } from './object-store.ts';
import type { ProfileImageRepository } from './profile-image-store.ts';
import { objectUrl } from './photo-view.ts';
import { acceptedType, checkDimensions, unreadableImage } from './upload-rules.ts';
import type { UploadedFile } from './photos.ts';

export interface ProfileImageDeps {
  db: Db;
  storage: ObjectStorage;
  images: ImageProcessing;
  profileImages: ProfileImageRepository;
}

/**
 * A person's profile image, by a photo's rules (type from the bytes, size and pixel limits, one decode, no
 * metadata kept), cut to a small square. Stored in a folder named by the person's id, which identity checks
 * before showing it as theirs; the image it replaces is removed.
 */
export async function uploadProfileImage(
  deps: ProfileImageDeps,
  user: Identity,
  file: UploadedFile,
): Promise<ProfileImageUploadResponse> {
  const mimeType = acceptedType(await deps.images.sniffMimeType(file.bytes));
  const header = await deps.images.readImageHeader(file.bytes);
  if (!header) throw unreadableImage();
  checkDimensions(header.width, header.height);
  const image = await deps.images.renderProfileImage(file.bytes, mimeType).catch(() => {
    throw unreadableImage();
  });
  const objectPath = `${PROFILE_IMAGE_FOLDER}/${user.id}/${randomUUID()}.webp`;
  await deps.storage.put(objectPath, image);
  let replaced: string | undefined;
  try {
    replaced = await deps.db.tx((tx) => deps.profileImages.replace(tx, user.id, objectPath));
  } catch (error) {
    await deps.storage.remove(objectPath);
    throw error;
  }
  if (replaced) await deps.storage.remove(replaced);
  return { profileImageUrl: objectUrl(objectPath) };
}
