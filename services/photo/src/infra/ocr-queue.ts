/** The job queue between the photo service and its OCR worker (named like the worker, DESIGN §2). */
export const ocrQueueName = 'photo-ocr';

export interface OcrJob {
  photoId: string;
}
