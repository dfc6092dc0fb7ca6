export { photoService } from './app.ts';
export { createOcrWorker, type OcrWorker } from './ocr-worker.ts';
export { photoConfigSchema, type PhotoConfig } from './config.ts';
export { createTesseractOcr, type OcrEngine, type OcrReading } from './infra/tesseract-ocr.ts';
export { ocrQueueName, type OcrJob } from './domain/ocr-job.ts';
