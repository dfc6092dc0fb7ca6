import { idempotentHandler, type Db, type EventHandler, type JobQueue } from '@laundry/platform';
import { parseEvent, photoUploadedV1 } from '@laundry/contracts';
import type { OcrJob } from '../infra/ocr-queue.ts';

/**
 * photo.uploaded.v1 → one OCR job. The job id is the photo id, so a redelivered event while the job waits adds
 * nothing, and one that comes after finds the photo already read.
 */
export function photoUploadedHandler(deps: {
  db: Db;
  queue: JobQueue<OcrJob>;
  attempts: number;
  backoffMs: number;
}): EventHandler {
  return idempotentHandler({
    db: deps.db,
    consumer: 'photo.photo-uploaded',
    handler: async (envelope) => {
      const { data } = parseEvent(photoUploadedV1, envelope);
      await deps.queue.add(
        { photoId: data.photoId },
        { jobId: data.photoId, attempts: deps.attempts, backoffMs: deps.backoffMs },
      );
    },
  });
}
