import { createLogger, infraFromConfig, loadConfig, stopOnSignals } from '@laundry/platform';
import { directoryConfigSchema } from './config.ts';
import { createDirectoryService } from './app.ts';

const config = loadConfig(directoryConfigSchema);
const logger = createLogger('directory', config.LOG_LEVEL);
const infra = infraFromConfig(config, logger);
const service = await createDirectoryService({ config, infra });
const { port } = await service.start({ port: config.PORT, host: config.HOST });
logger.info({ port }, 'directory service listening');
stopOnSignals(logger, async () => {
  await service.stop();
  await infra.close();
});
