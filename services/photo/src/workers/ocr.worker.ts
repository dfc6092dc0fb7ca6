import { loadConfig } from '@laundry/platform/config';
import { createLogger } from '@laundry/platform/logging';
import { stopOnSignals } from '@laundry/platform/http';
import { infraFromConfig } from '@laundry/platform/infra';
import { photoConfigSchema } from '../config.ts';
import { createOcrWorker } from '../ocr-worker.ts';

// The OCR worker's own process in the distributed mode; it listens on no port, it only takes jobs.
const config = loadConfig(photoConfigSchema);
const logger = createLogger('photo-ocr-worker', config.LOG_LEVEL);
const infra = await infraFromConfig(config, logger);
const worker = await createOcrWorker({ config, infra });
await worker.start();
logger.info({ concurrency: config.OCR_CONCURRENCY }, 'photo OCR worker taking jobs');
stopOnSignals(logger, async () => {
  await worker.stop();
  await infra.close();
});
