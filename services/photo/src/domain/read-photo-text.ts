import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { createEvent, detectedPriceToV2, photoOcrCompletedV2 } from '@laundry/contracts';
import type { PhotoRepository } from './photo-store.ts';
import type { ObjectStorage } from './object-store.ts';
import type { OcrEngine } from './ocr-engine.ts';
import type { ImageProcessing } from './images.ts';
import { detectServices, parsePrices } from './price-parser.ts';

export interface ReadPhotoTextDeps {
  db: Db;
  photos: PhotoRepository;
  storage: ObjectStorage;
  ocr: OcrEngine;
  images: Pick<ImageProcessing, 'imageForOcr'>;
  outbox: Outbox;
}

export type ReadPhotoTextResult = 'read' | 'already-read' | 'photo-gone';

/**
 * One OCR job. A job runs at least once (a redelivered upload event, a retry after a crash), so a photo
 * that was deleted or already read is left alone, and the result and its event are stored together.
 */
export async function readPhotoText(deps: ReadPhotoTextDeps, photoId: string): Promise<ReadPhotoTextResult> {
  const photo = await deps.photos.findById(photoId);
  if (!photo) return 'photo-gone';
  if (photo.isProcessed) return 'already-read';

  const stored = await deps.storage.get(photo.objectPath);
  if (!stored) return 'photo-gone';
  const reading = await deps.ocr.recognize(
    await deps.images.imageForOcr(await deps.storage.read(photo.objectPath)),
  );
  const extractedText = reading.text.trim();
  const detectedPrices = parsePrices(extractedText);
  const detectedServices = detectServices(extractedText);
  const confidence = Math.min(100, Math.max(0, reading.confidence));

  const saved = await deps.db.tx(async (tx) => {
    const updated = await deps.photos.saveOcrResult(tx, photoId, {
      extractedText,
      confidence,
      metadata: reading.metadata,
      detectedPrices,
      detectedServices,
    });
    if (!updated) return false;
    await deps.outbox.record(
      tx,
      createEvent(photoOcrCompletedV2, deps.outbox.producer, {
        photoId,
        laundromatId: photo.laundromatId,
        extractedText,
        confidence,
        detectedPrices: detectedPrices.map(detectedPriceToV2),
        detectedServices,
      }),
    );
    return true;
  });
  if (!saved) return (await deps.photos.findById(photoId)) ? 'already-read' : 'photo-gone';
  return 'read';
}
