import sharp, { type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import decodeHeic from 'heic-decode';
import type { ImageHeader, ImageProcessing, RenderedPhoto } from '../domain/images.ts';
import { uploadLimits } from '../domain/upload-rules.ts';

const displaySize = 1600;
const thumbnailSize = 480;

/** The MIME type the bytes themselves announce (magic numbers), or undefined. */
export async function sniffMimeType(bytes: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(bytes))?.mime;
}

/** Width and height from the header alone; no pixel is decoded. undefined when the header cannot be read. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | undefined> {
  try {
    const { width, height, autoOrient } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { width: autoOrient?.width ?? width, height: autoOrient?.height ?? height };
  } catch {
    return undefined;
  }
}

/**
 * Decodes once and writes the display image and the thumbnail as WebP, turned upright by the EXIF orientation.
 * sharp writes no metadata unless asked, so location and camera data in the upload go no further.
 */
export async function renderPhoto(bytes: Buffer, type?: string): Promise<RenderedPhoto> {
  const upright = await uprightImage(bytes, type);
  const [display, thumbnail] = await Promise.all([
    upright
      .clone()
      .resize({ width: displaySize, height: displaySize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(),
    upright
      .clone()
      .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer(),
  ]);
  return { display, thumbnail };
}

const profileImageSize = 256;

/** The middle square, upright and small: the header's avatar and the account page's picture. */
export async function renderProfileImage(bytes: Buffer, type?: string): Promise<Buffer> {
  return (await uprightImage(bytes, type))
    .resize({ width: profileImageSize, height: profileImageSize, fit: 'cover', position: 'centre' })
    .webp({ quality: 80 })
    .toBuffer();
}

const adImageSize = 1200;

/** An ad's image: as large as the widest slot needs on a sharp screen, never enlarged. */
export async function renderAdImage(bytes: Buffer, type?: string): Promise<Buffer> {
  return (await uprightImage(bytes, type))
    .resize({ width: adImageSize, height: adImageSize, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

async function uprightImage(bytes: Buffer, type: string | undefined): Promise<Sharp> {
  // The pixel limit stands here too: a header that lied about its size still cannot make us decode more.
  return (
    type === 'image/heic'
      ? await decodedHeic(bytes)
      : sharp(bytes, { limitInputPixels: uploadLimits.maxPixels, failOn: 'error' })
  ).rotate();
}

/**
 * The libvips inside sharp reads HEIC headers but has no HEVC decoder, so iPhone photos are decoded by
 * libheif compiled to WebAssembly (heic-decode), which also applies the file's rotation, and handed to sharp
 * as raw RGBA. The header was checked against the pixel limit before this is called.
 */
async function decodedHeic(bytes: Buffer): Promise<Sharp> {
  const { width, height, data } = await decodeHeic({ buffer: bytes });
  if (width * height > uploadLimits.maxPixels) throw new Error('decoded HEIC is over the pixel limit');
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  });
}

/** OCR reads a grey, lossless image best; large boards are kept large enough for small print. */
export async function imageForOcr(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: uploadLimits.maxPixels }).rotate().greyscale().png().toBuffer();
}

/** The image work the domain is given (sharp, file-type and heic-decode behind it). */
export const sharpImageProcessing: ImageProcessing = {
  sniffMimeType,
  readImageHeader,
  renderPhoto,
  renderProfileImage,
  renderAdImage,
  imageForOcr,
};
