import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import type { JobQueue } from '@laundry/platform/jobs';
import type { EventOf, photoUploadedV1 } from '@laundry/contracts';
import type { OcrJob } from '../domain/ocr-job.ts';

/**
 * photo.uploaded.v1 → one OCR job. The job id is the photo id, so a redelivered event while the job waits adds
 * nothing, and one that comes after finds the photo already read.
 */
export function photoUploadedHandler(deps: {
  db: Db;
  queue: JobQueue<OcrJob>;
  attempts: number;
  backoffMs: number;
}) {
  return idempotentHandler<EventOf<typeof photoUploadedV1>>({
    db: deps.db,
    consumer: 'photo.photo-uploaded',
    handler: async ({ data }) => {
      await deps.queue.add(
        { photoId: data.photoId },
        { jobId: data.photoId, attempts: deps.attempts, backoffMs: deps.backoffMs },
      );
    },
  });
}
