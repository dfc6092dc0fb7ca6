import { randomUUID } from 'node:crypto';
import { notFound } from '@laundry/platform/errors';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import type { Logger } from '@laundry/platform/logging';
import {
  photoUploadedV1,
  createEvent,
  PROFILE_IMAGE_FOLDER,
  type Photo,
  type PhotoCategory,
  type UpdatePhotoRequest,
  type UploadPhotoFields,
} from '@laundry/contracts';
import type { PhotoRepository } from './photo-store.ts';
import type { ProfileImageRepository } from './profile-image-store.ts';
import type { ObjectStorage } from './object-store.ts';
import type { DirectoryClient } from '@laundry/contracts';
import type { ImageProcessing } from './images.ts';
import { acceptedType, checkDimensions, displayFileName, unreadableImage } from './upload-rules.ts';
import { photoView, objectUrl } from './photo-view.ts';
import { canView, requireGalleryOwner, requireOwner } from './photo-access.ts';
import { AD_IMAGE_FOLDER } from './ad-images.ts';

export interface PhotoDeps {
  db: Db;
  photos: PhotoRepository;
  storage: ObjectStorage;
  images: ImageProcessing;
  directory: DirectoryClient;
  outbox: Outbox;
  profileImages: ProfileImageRepository;
  logger?: Logger;
}

export interface UploadedFile {
  fileName: string | undefined;
  bytes: Buffer;
}

/** A list answers at most this many photos, newest first. */
export const photoListLimit = 200;

/**
 * Cheap refusals first (type from the bytes, size from the header, the laundromat), then one decode that
 * writes the stored images, then the row and its event in one transaction.
 */
export async function uploadPhoto(
  deps: PhotoDeps,
  user: Identity,
  fields: UploadPhotoFields,
  file: UploadedFile,
): Promise<Photo> {
  const mimeType = acceptedType(await deps.images.sniffMimeType(file.bytes));
  const header = await deps.images.readImageHeader(file.bytes);
  if (!header) throw unreadableImage();
  checkDimensions(header.width, header.height);
  if (fields.laundromatId && !(await deps.directory.isListed(fields.laundromatId))) {
    throw notFound('Laundromat not found');
  }
  const rendered = await deps.images.renderPhoto(file.bytes, mimeType).catch(() => {
    throw unreadableImage();
  });

  const id = randomUUID();
  // Sharded by the id's first characters so no folder grows to millions of entries.
  const folder = `photos/${id.slice(0, 2)}`;
  const objectPath = `${folder}/${id}-display.webp`;
  const thumbnailPath = `${folder}/${id}-thumb.webp`;
  await deps.storage.put(objectPath, rendered.display);
  await deps.storage.put(thumbnailPath, rendered.thumbnail);
  try {
    const row = await deps.db.tx(async (tx) => {
      const inserted = await deps.photos.insert(tx, {
        id,
        laundromatId: fields.laundromatId ?? null,
        userId: user.id,
        fileName: displayFileName(file.fileName),
        fileSize: file.bytes.length,
        mimeType,
        privateUrl: objectUrl(objectPath),
        objectPath,
        thumbnailPath,
        caption: fields.caption || null,
        category: fields.category ?? null,
        isPublic: fields.isPublic,
      });
      await deps.outbox.record(
        tx,
        createEvent(photoUploadedV1, deps.outbox.producer, {
          photoId: id,
          laundromatId: inserted.laundromatId,
          userId: user.id,
          fileName: inserted.fileName,
          fileSize: inserted.fileSize,
          mimeType,
          objectPath,
          category: inserted.category,
          isPublic: inserted.isPublic,
          uploadedAt: inserted.createdAt.toISOString(),
        }),
      );
      return inserted;
    });
    return photoView(row, user);
  } catch (error) {
    await Promise.all([deps.storage.remove(objectPath), deps.storage.remove(thumbnailPath)]);
    throw error;
  }
}

export async function listGallery(
  deps: PhotoDeps,
  viewer: Identity | undefined,
  category: PhotoCategory | undefined,
): Promise<Photo[]> {
  const rows = await deps.photos.list({ category, viewerId: viewer?.id, limit: photoListLimit });
  return withLaundromatNames(
    deps,
    rows.map((row) => photoView(row, viewer)),
  );
}

export async function listLaundromatPhotos(
  deps: PhotoDeps,
  viewer: Identity | undefined,
  laundromatId: string,
): Promise<Photo[]> {
  const rows = await deps.photos.list({ laundromatId, viewerId: viewer?.id, limit: photoListLimit });
  return withLaundromatNames(
    deps,
    rows.map((row) => photoView(row, viewer)),
  );
}

export async function listUserPhotos(
  deps: PhotoDeps,
  viewer: Identity | undefined,
  ownerId: string,
): Promise<Photo[]> {
  requireGalleryOwner(ownerId, viewer);
  const rows = await deps.photos.list({ ownerId, viewerId: viewer!.id, limit: photoListLimit });
  return withLaundromatNames(
    deps,
    rows.map((row) => photoView(row, viewer)),
  );
}

/**
 * The photos with the names of their laundromats, asked of the directory in one call per list (names change
 * there, so none is copied here). A directory that cannot answer costs the names, never the list.
 */
async function withLaundromatNames(deps: PhotoDeps, photos: Photo[]): Promise<Photo[]> {
  const ids = photos.flatMap((photo) => (photo.laundromatId ? [photo.laundromatId] : []));
  const names = await deps.directory.laundromatNames(ids).catch((error: unknown) => {
    deps.logger?.warn({ err: error }, 'laundromat names unavailable; photos listed without them');
    return new Map<string, string>();
  });
  return photos.map((photo) => ({
    ...photo,
    laundromatName: (photo.laundromatId && names.get(photo.laundromatId)) || null,
  }));
}

export async function updatePhoto(
  deps: PhotoDeps,
  viewer: Identity | undefined,
  id: string,
  changes: UpdatePhotoRequest,
): Promise<Photo> {
  requireOwner(await deps.photos.findById(id), viewer, 'change');
  const row = await deps.photos.update(id, changes);
  if (!row) throw notFound('Photo not found');
  return photoView(row, viewer);
}

export async function deletePhoto(deps: PhotoDeps, viewer: Identity | undefined, id: string): Promise<void> {
  const photo = requireOwner(await deps.photos.findById(id), viewer, 'delete');
  await deps.photos.remove(id);
  // The row is gone first, so a failure here leaves only an unreachable file, never a photo without its image.
  await Promise.all([deps.storage.remove(photo.objectPath), deps.storage.remove(photo.thumbnailPath)]);
}

/** The stored image at a path, when the viewer may see its photo. */
export async function findVisibleObject(
  deps: PhotoDeps,
  viewer: Identity | undefined,
  objectPath: string,
): Promise<{ isPublic: boolean } | undefined> {
  // A person's current profile image is shown to everyone (the header, beside their name).
  if (objectPath.startsWith(`${PROFILE_IMAGE_FOLDER}/`)) {
    return (await deps.profileImages.isCurrent(objectPath)) ? { isPublic: true } : undefined;
  }
  // An ad's image is public: it is shown to every visitor the ad is served to.
  if (objectPath.startsWith(`${AD_IMAGE_FOLDER}/`)) return { isPublic: true };
  const photo = await deps.photos.findByObjectPath(objectPath);
  if (!photo || !canView(photo, viewer)) return undefined;
  return { isPublic: photo.isPublic };
}
