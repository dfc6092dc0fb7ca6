/** The job queue between the photo service and its OCR worker (named like the worker). */
export const ocrQueueName = 'photo-ocr';

export interface OcrJob {
  photoId: string;
}
