import type { Photo } from '@laundry/contracts';
import type { PhotoRow } from './photo-store.ts';

export const objectUrl = (objectPath: string) => `/objects/${objectPath}`;

/** The API shape of a stored photo; images are served by this service under /objects/. */
export function photoView(row: PhotoRow): Photo {
  return {
    id: row.id,
    laundromatId: row.laundromatId,
    userId: row.userId,
    fileName: row.fileName,
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
