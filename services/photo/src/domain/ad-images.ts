import { randomUUID } from 'node:crypto';
import type { AdImageUploadResponse } from '@laundry/contracts';
import type { ImageProcessing } from './images.ts';
import type { ObjectStorage } from './object-store.ts';
import { objectUrl } from './photo-view.ts';
import { acceptedType, checkDimensions, unreadableImage } from './upload-rules.ts';
import type { UploadedFile } from './photos.ts';

/** Where ads' images are stored and served from (public: any visitor an ad is served to sees its image). */
export const AD_IMAGE_FOLDER = 'ad-images';

/**
 * An advertiser's image for an ad, by a photo's rules: its type from its bytes (a file that is no image is
 * refused before anything is stored), the size and pixel limits, one decode that turns it upright, resizes
 * it and drops its metadata. Stored under a new id, so its address never changes content, and served from
 * our own origin: the ad service shows no other image to visitors.
 */
export async function uploadAdImage(
  deps: { storage: ObjectStorage; images: ImageProcessing },
  file: UploadedFile,
): Promise<AdImageUploadResponse> {
  const mimeType = acceptedType(await deps.images.sniffMimeType(file.bytes));
  const header = await deps.images.readImageHeader(file.bytes);
  if (!header) throw unreadableImage();
  checkDimensions(header.width, header.height);
  const image = await deps.images.renderAdImage(file.bytes, mimeType).catch(() => {
    throw unreadableImage();
  });
  const id = randomUUID();
  const objectPath = `${AD_IMAGE_FOLDER}/${id.slice(0, 2)}/${id}.webp`;
  await deps.storage.put(objectPath, image);
  return { imageUrl: objectUrl(objectPath) };
}
