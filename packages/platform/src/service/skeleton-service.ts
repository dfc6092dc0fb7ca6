import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '../config/config.ts';
import { createServiceApp } from '../http/service-app.ts';
import { stopOnSignals } from '../http/http-server.ts';
import { createLogger } from '../logging/logger.ts';
import { assembleService } from './assemble-service.ts';

/**
 * Runs a service whose API has not been built yet: the service kit alone (/alive, /ready, 404 for every
 * route), so the deployment files have a real container to start and nothing pretends to work.
 */
export async function runSkeletonService(name: string, defaultPort: number): Promise<void> {
  const config = loadConfig(
    baseConfigSchema.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort) }),
  );
  const logger = createLogger(name, config.LOG_LEVEL);
  const service = assembleService({
    name,
    app: createServiceApp({ name, logger, internalSecret: config.INTERNAL_SECRET, routes: () => {} }),
  });
  const { port } = await service.start({ port: config.PORT, host: config.HOST });
  logger.info({ port }, `${name} service skeleton listening (no API yet)`);
  stopOnSignals(logger, () => service.stop());
}
