import { forbidden, notFound, unauthorized } from '@laundry/platform/errors';
import type { Identity } from '@laundry/platform/auth';
import type { PhotoRow } from './photo-store.ts';

/** A private photo is its owner's alone; to anyone else it does not exist. */
export function canView(photo: PhotoRow, viewer: Identity | undefined): boolean {
  return photo.isPublic || viewer?.id === photo.userId;
}

/** Only the owner changes or deletes a photo (docs/product.md, Roles). */
export function requireOwner(
  photo: PhotoRow | undefined,
  viewer: Identity | undefined,
  action: 'change' | 'delete',
): PhotoRow {
  if (!viewer) throw unauthorized();
  if (!photo) throw notFound('Photo not found');
  if (photo.userId !== viewer.id) throw forbidden(`You do not have permission to ${action} this photo.`);
  return photo;
}

/**
 * The user gallery is its owner's view (docs/product.md, Roles); 401 says 'Unauthorized', as the client
 * expects.
 */
export function requireGalleryOwner(ownerId: string, viewer: Identity | undefined): void {
  if (!viewer) throw unauthorized();
  if (viewer.id !== ownerId) throw forbidden('You do not have permission to view these photos');
}
