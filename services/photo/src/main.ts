import { createLogger, infraFromConfig, loadConfig, stopOnSignals } from '@laundry/platform';
import { photoConfigSchema } from './config.ts';
import { createPhotoService } from './app.ts';

const config = loadConfig(photoConfigSchema);
const logger = createLogger('photo', config.LOG_LEVEL);
const infra = infraFromConfig(config, logger);
const service = await createPhotoService({ config, infra });
const { port } = await service.start({ port: config.PORT, host: config.HOST });
logger.info({ port }, 'photo service listening');
stopOnSignals(logger, async () => {
  await service.stop();
  await infra.close();
});
