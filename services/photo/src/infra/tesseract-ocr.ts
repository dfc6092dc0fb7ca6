import { createRequire } from 'node:module';
import path from 'node:path';
import { createScheduler, createWorker, OEM, type Scheduler } from 'tesseract.js';
import type { OcrEngine, OcrReading } from '../domain/ocr-engine.ts';

// The package's index exports these two from here.
export type { OcrEngine, OcrReading };

const require = createRequire(import.meta.url);

/** The English model ships in an npm package, so nothing is downloaded at run time (ADR 0014). */
export const englishModelDir = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/**
 * tesseract.js (WebAssembly in worker threads), one worker per concurrent image. The workers start on the
 * first image, so a process that never reads one never pays for them.
 */
export function createTesseractOcr(options: { workers: number }): OcrEngine {
  let scheduler: Promise<Scheduler> | undefined;

  async function start(): Promise<Scheduler> {
    const created = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: options.workers }, () =>
        createWorker('eng', OEM.LSTM_ONLY, { langPath: englishModelDir, gzip: true, cacheMethod: 'none' }),
      ),
    );
    for (const worker of workers) {
      // Our images carry no resolution (metadata is stripped); without this tesseract guesses and warns.
      await worker.setParameters({ user_defined_dpi: '300' });
      created.addWorker(worker);
    }
    return created;
  }

  return {
    async recognize(image) {
      scheduler ??= start();
      const { data } = await (await scheduler).addJob('recognize', image);
      return {
        text: data.text,
        confidence: data.confidence,
        metadata: { engine: 'tesseract.js', model: 'eng 4.0.0_best_int', oem: 'LSTM_ONLY' },
      };
    },
    async close() {
      if (!scheduler) return;
      const running = scheduler;
      scheduler = undefined;
      await (await running).terminate();
    },
  };
}
