export interface ImageHeader {
  width: number;
  height: number;
}

export interface RenderedPhoto {
  display: Buffer;
  thumbnail: Buffer;
}

/** The image work uploads and OCR need; infra/image-processing.ts implements it. */
export interface ImageProcessing {
  /** The MIME type the bytes themselves announce (magic numbers), or undefined. */
  sniffMimeType(bytes: Buffer): Promise<string | undefined>;
  /** Width and height from the header alone; no pixel is decoded. undefined when the header cannot be read. */
  readImageHeader(bytes: Buffer): Promise<ImageHeader | undefined>;
  /**
   * Decodes once and writes the display image and the thumbnail as WebP, turned upright by the EXIF
   * orientation, with no metadata (location and camera data in the upload go no further).
   */
  renderPhoto(bytes: Buffer, type?: string): Promise<RenderedPhoto>;
  /** A profile image: upright, the middle square of the picture at 256 × 256 px, WebP, no metadata. */
  renderProfileImage(bytes: Buffer, type?: string): Promise<Buffer>;
  /** An ad's image: upright, at most 1200 px on its longer side, WebP, no metadata. */
  renderAdImage(bytes: Buffer, type?: string): Promise<Buffer>;
  /** OCR reads a grey, lossless image best; large boards are kept large enough for small print. */
  imageForOcr(bytes: Buffer): Promise<Buffer>;
}
