import { loadConfig } from '@laundry/platform/config';
import { createLogger } from '@laundry/platform/logging';
import { stopOnSignals } from '@laundry/platform/http';
import { infraFromConfig } from '@laundry/platform/infra';
import { metricsPort, startMetricsServer } from '@laundry/platform/observability';
import { photoConfigSchema } from '../config.ts';
import { createOcrWorker } from '../ocr-worker.ts';

// The OCR worker's own process in the distributed mode: it takes jobs and listens only on METRICS_PORT,
// where its job counts, durations and queue backlog are scraped like any service's.
const config = loadConfig(photoConfigSchema);
const logger = createLogger('photo-ocr-worker', config.LOG_LEVEL);
const infra = await infraFromConfig(config, logger);
const worker = await createOcrWorker({ config, infra });
await worker.start();
const metricsAt = metricsPort();
const metrics =
  metricsAt === undefined
    ? undefined
    : await startMetricsServer({ port: metricsAt, host: config.HOST, logger });
logger.info(
  { concurrency: config.OCR_CONCURRENCY, metricsPort: metrics?.port },
  'photo OCR worker taking jobs',
);
stopOnSignals(logger, async () => {
  await worker.stop();
  await metrics?.stop();
  await infra.close();
});
