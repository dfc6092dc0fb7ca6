import { AppError } from '@laundry/platform/errors';

/** Spec-level limits on an upload, checked before any pixel is decoded. */
export const uploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
} as const;

/** The types a photo may be, as sniffed from its first bytes (never from its name or the declared type). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];

export const unsupportedTypeMessage = 'Only JPEG, PNG, WebP and HEIC photos can be uploaded.';

export function tooLarge(): AppError {
  return new AppError(413, 'The photo is larger than 10 MB. Please choose a smaller one.', 'FILE_TOO_LARGE');
}

/** HEIF containers come as image/heic or image/heif depending on their brand; both are HEIC photos here. */
export function acceptedType(sniffedMime: string | undefined): AcceptedImageType {
  const mime = sniffedMime === 'image/heif' ? 'image/heic' : sniffedMime;
  if (!mime || !(acceptedImageTypes as readonly string[]).includes(mime)) {
    throw new AppError(415, unsupportedTypeMessage, 'UNSUPPORTED_MEDIA_TYPE');
  }
  return mime as AcceptedImageType;
}

export function checkDimensions(width: number, height: number): void {
  if (width * height > uploadLimits.maxPixels) {
    throw new AppError(
      413,
      `The photo is ${width} × ${height} pixels; photos may have at most 40 megapixels.`,
      'IMAGE_TOO_LARGE',
    );
  }
}

export function unreadableImage(): AppError {
  return new AppError(422, 'The photo could not be read; the file may be damaged.', 'UNREADABLE_IMAGE');
}

/** The name the user's file had, kept for display only: no path, no control characters, at most 255 characters. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'photo').slice(0, 255);
}
