import { migrate, type Db } from '@laundry/platform/db';
import { createOutbox } from '@laundry/platform/outbox';
import type { JobQueue } from '@laundry/platform/jobs';
import type { Infra } from '@laundry/platform/infra';
import type { PhotoConfig } from './config.ts';
import { photoService } from './app.ts';
import { fileURLToPath } from 'node:url';
import { createPhotoRepository } from './infra/photo-repository.ts';
import { createDiskStorage } from './infra/object-storage.ts';
import { createTesseractOcr } from './infra/tesseract-ocr.ts';
import { sharpImageProcessing } from './infra/image-processing.ts';
import type { ObjectStorage } from './domain/object-store.ts';
import type { OcrEngine } from './domain/ocr-engine.ts';
import { ocrQueueName, type OcrJob } from './domain/ocr-job.ts';
import { readPhotoText } from './domain/read-photo-text.ts';

export interface OcrWorker {
  readonly db: Db;
  readonly queue: JobQueue<OcrJob>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Reads the text of uploaded photos from the OCR job queue: a BullMQ queue in Redis in the distributed mode
 * (its own process), the in-memory queue in the embedded one. A job that throws is retried with back-off by
 * the queue, then kept in its failed list.
 */
export async function createOcrWorker({
  config,
  infra,
  ocr = createTesseractOcr({ workers: config.OCR_CONCURRENCY }),
  storage = createDiskStorage(config.PHOTO_STORAGE_DIR),
}: {
  config: PhotoConfig;
  infra: Infra;
  ocr?: OcrEngine;
  storage?: ObjectStorage;
}): Promise<OcrWorker> {
  const logger = infra.logger.child({ service: 'photo-ocr-worker' });
  const db = await infra.openDb(config.DB_SCHEMA ?? 'photo');
  await migrate(db, fileURLToPath(photoService.migrations), { logger });
  const bus = infra.bus('photo-ocr-worker');
  const outbox = createOutbox({ db, bus, producer: 'photo-ocr-worker', logger });
  const photos = createPhotoRepository(db);
  const queue = infra.jobs<OcrJob>(ocrQueueName);

  return {
    db,
    queue,
    async start() {
      outbox.start();
      queue.process(
        async (job, attempt) => {
          const result = await readPhotoText(
            { db, photos, storage, ocr, images: sharpImageProcessing, outbox },
            job.photoId,
          );
          logger.info({ photoId: job.photoId, attempt, result }, 'photo OCR job done');
        },
        { concurrency: config.OCR_CONCURRENCY },
      );
    },
    async stop() {
      await queue.close();
      await outbox.stop();
      await ocr.close();
    },
  };
}
