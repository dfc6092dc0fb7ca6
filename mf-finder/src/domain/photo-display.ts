import type { Photo, photoCategoryFilters } from '@laundry/contracts';
import { finderUrlKeys } from './finder-url.ts';
import type { I18nText } from './i18n-text.ts';

export type CategoryFilter = (typeof photoCategoryFilters)[number];

/**
 * docs/product.md, Pages: 'My Photos' for a userId, 'Laundromat Photos' for a laundromat, else the 'Photo
 * Gallery'.
 */
export type GalleryMode =
  { kind: 'user'; userId: string } | { kind: 'laundromat'; laundromatId: string } | { kind: 'all' };

export const galleryTitleKeys = {
  user: 'finder:gallery.titles.user',
  laundromat: 'finder:gallery.titles.laundromat',
  all: 'finder:gallery.titles.all',
} as const;

export const photoMessageKeys = {
  signIn: 'finder:messages.photos.signIn',
  forbidden: 'finder:messages.photos.forbidden',
  fetchFailed: 'finder:messages.photos.fetchFailed',
} as const;

/** The gallery's mode from its address: /gallery?userId=… or /gallery?laundromatId=… (userId wins). */
export function galleryMode(params: { get(name: string): string | null }): GalleryMode {
  const userId = params.get('userId')?.trim();
  if (userId) return { kind: 'user', userId };
  const laundromatId = params.get('laundromatId')?.trim();
  if (laundromatId) return { kind: 'laundromat', laundromatId };
  return { kind: 'all' };
}

/**
 * The call for a mode (docs/product.md, API calls). Only the general gallery filters on the server
 * (?category=); the user and laundromat lists come whole and are filtered by filterByCategory.
 */
export function photoListUrl(mode: GalleryMode, category: CategoryFilter): string {
  if (mode.kind === 'user') return `/api/photos/user/${encodeURIComponent(mode.userId)}`;
  if (mode.kind === 'laundromat') return `/api/photos/${encodeURIComponent(mode.laundromatId)}`;
  return category === 'all' ? '/api/photos' : `/api/photos?category=${encodeURIComponent(category)}`;
}

export function filterByCategory<T extends Pick<Photo, 'category'>>(
  photos: readonly T[],
  category: CategoryFilter,
) {
  return category === 'all' ? [...photos] : photos.filter((photo) => photo.category === category);
}

/** docs/product.md, Errors: 401 and 403 have their own messages, anything else names the status text. */
export function photoFetchError(status: number, statusText: string): I18nText {
  if (status === 401) return { key: photoMessageKeys.signIn };
  if (status === 403) return { key: photoMessageKeys.forbidden };
  return { key: photoMessageKeys.fetchFailed, values: { status: statusText || String(status) } };
}

/** docs/product.md, Pages: from publicUrl, else from /objects/{path}; null when the photo has neither. */
export function photoImageUrl(photo: Pick<Photo, 'publicUrl' | 'privateUrl'>): string | null {
  if (photo.publicUrl) return photo.publicUrl;
  if (!photo.privateUrl) return null;
  if (/^https?:\/\//.test(photo.privateUrl) || photo.privateUrl.startsWith('/objects/'))
    return photo.privateUrl;
  return `/objects/${photo.privateUrl.replace(/^\/+/, '').replace(/^objects\//, '')}`;
}

/** The small image for grids and the detail (the service makes one beside the full image), else the full one. */
export function photoThumbnailUrl(
  photo: Pick<Photo, 'publicUrl' | 'privateUrl'> & { thumbnailUrl?: string | null | undefined },
): string | null {
  return photo.thumbnailUrl || photoImageUrl(photo);
}

/** The finder with this laundromat's detail open (finder-url.ts): where a photo's laundromat name leads. */
export function laundromatDetailPath(laundromatId: string): string {
  return `/?${new URLSearchParams({ [finderUrlKeys.laundromat]: laundromatId }).toString()}`;
}

/**
 * docs/product.md, Roles: only the photo's owner sees Edit and Delete. The service says which photos are the
 * signed-in caller's (`mine`): a photo names no uploader.
 */
export function canManagePhoto(photo: Pick<Photo, 'mine'>, userId: string | null | undefined): boolean {
  return Boolean(userId) && photo.mine;
}

/** The text OCR read, when there is any. */
export function detectedText(photo: Pick<Photo, 'extractedText'>): string | null {
  const text = photo.extractedText?.trim();
  return text ? text : null;
}

/** Newest first, which is how the gallery lists photos whatever order they arrive in. */
export function newestPhotosFirst<T extends Pick<Photo, 'createdAt'>>(photos: readonly T[]): T[] {
  return [...photos].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** How long after an upload the gallery keeps asking for the text OCR reads, and how often. */
export const ocrWait = { windowMs: 2 * 60_000, pollMs: 3000 } as const;

/**
 * The gallery asks again while a photo uploaded in the last two minutes still waits for OCR; an older
 * unprocessed photo is not waited for, so a failed OCR job cannot keep the page polling.
 */
export function isAwaitingOcr(
  photos: readonly Pick<Photo, 'isProcessed' | 'createdAt'>[],
  now: number,
): boolean {
  return photos.some((photo) => !photo.isProcessed && now - Date.parse(photo.createdAt) < ocrWait.windowMs);
}
