import { createLogger, infraFromConfig, stopOnSignals } from '@laundry/platform';
import { loadIdentityConfig } from './config.ts';
import { createIdentityService } from './app.ts';

const config = loadIdentityConfig();
const logger = createLogger('identity', config.LOG_LEVEL);
const infra = infraFromConfig(config, logger);
const service = await createIdentityService({ config, infra });
const { port } = await service.start({ port: config.PORT, host: config.HOST });
logger.info({ port }, 'identity listening');
stopOnSignals(logger, async () => {
  await service.stop();
  await infra.close();
});
