import { createService, loadConfig, type DefinedService, type Infra } from '@laundry/platform';
import { services, urlVariable, type ServiceEntry } from '../../services.ts';

export interface StartedService {
  entry: ServiceEntry;
  service: DefinedService;
  /** Its settings, for a worker that shares them. */
  config: unknown;
}

/**
 * Every built service of the list, in one process, each listening on a loopback port of its own as in the
 * distributed mode, in the list's order: each is told the addresses of those before it (DIRECTORY_URL for
 * review and photo), written into `env`. The embedded starter and the test stack both run the product so.
 */
export async function startListedServices(options: {
  env: Record<string, string | undefined>;
  infra: Infra;
  /** Settings of one service only (its DB_SCHEMA in the test stack). */
  envFor?: (name: string) => Record<string, string | undefined>;
  /** Runs once the service is made, before it starts (the embedded starter seeds the directory). */
  beforeStart?: (started: StartedService) => Promise<void>;
}): Promise<StartedService[]> {
  const started: StartedService[] = [];
  for (const entry of services as readonly ServiceEntry[]) {
    if (!entry.load) continue;
    const definition = await entry.load();
    const config = loadConfig(definition.config, { ...options.env, ...options.envFor?.(entry.name) });
    const service = await createService(definition, { config, infra: options.infra });
    const current = { entry, service, config };
    await options.beforeStart?.(current);
    const { port } = await service.start({ port: 0, host: '127.0.0.1' });
    options.env[urlVariable(entry.name)] = `http://127.0.0.1:${port}`;
    started.push(current);
  }
  return started;
}
