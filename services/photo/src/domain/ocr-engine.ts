export interface OcrReading {
  text: string;
  /** Mean word confidence, 0–100. */
  confidence: number;
  metadata: Record<string, unknown>;
}

/** Reads text from an image; the worker depends on this, so tests can stand in a failing engine;
 * infra/tesseract-ocr.ts implements it. */
export interface OcrEngine {
  recognize(image: Buffer): Promise<OcrReading>;
  close(): Promise<void>;
}
