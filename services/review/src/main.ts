import { createLogger, infraFromConfig, loadConfig, stopOnSignals } from '@laundry/platform';
import { reviewConfigSchema } from './config.ts';
import { createReviewService } from './app.ts';

const config = loadConfig(reviewConfigSchema);
const logger = createLogger('review', config.LOG_LEVEL);
const infra = infraFromConfig(config, logger);
const service = await createReviewService({ config, infra });
const { port } = await service.start({ port: config.PORT, host: config.HOST });
logger.info({ port }, 'review service listening');
stopOnSignals(logger, async () => {
  await service.stop();
  await infra.close();
});
