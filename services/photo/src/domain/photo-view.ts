import type { Photo } from '@laundry/contracts';
import type { Identity } from '@laundry/platform/auth';
import type { PhotoRow } from './photo-store.ts';

export const objectUrl = (objectPath: string) => `/objects/${objectPath}`;

/**
 * The API shape of a stored photo; images are served by this service under /objects/. It names nobody: no
 * uploader id and no original file name (which often carries a person's name), only whether the viewer is
 * the one who uploaded it.
 */
export function photoView(row: PhotoRow, viewer: Identity | undefined): Photo {
  return {
    id: row.id,
    laundromatId: row.laundromatId,
    mine: viewer !== undefined && viewer.id === row.userId,
    byOwner: row.byOwner,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    publicUrl: row.publicUrl,
    privateUrl: row.privateUrl,
    thumbnailUrl: objectUrl(row.thumbnailPath),
    caption: row.caption,
    category: row.category,
    extractedText: row.extractedText,
    ocrConfidence: row.ocrConfidence,
    ocrMetadata: row.ocrMetadata,
    detectedPrices: row.detectedPrices,
    detectedServices: row.detectedServices,
    isPublic: row.isPublic,
    isProcessed: row.isProcessed,
    createdAt: row.createdAt.toISOString(),
  };
}
