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
 * distributed mode. A service starts once those it calls (its `deploy.calls`) and identity (whom every
 * service asks for its retention policies) listen, and is told their addresses (DIRECTORY_URL for review
 * and photo), written into `env`; the others start side by side. One after another, the test stack spent
 * most of a file's start waiting on eight services' migrations in turn. The embedded starter and the test
 * stack both run the product so; the answer keeps the list's order.
 */
export async function startListedServices(options: {
  env: Record<string, string | undefined>;
  infra: Infra;
  /** Settings of one service only (its DB_SCHEMA in the test stack). */
  envFor?: (name: string) => Record<string, string | undefined>;
  /** Runs once the service is made, before it starts (the embedded starter seeds the directory). */
  beforeStart?: (started: StartedService) => Promise<void>;
}): Promise<StartedService[]> {
  const listed = (services as readonly ServiceEntry[]).filter((entry) => entry.load);
  const starting = new Map<string, Promise<StartedService>>();
  const dependencies = (entry: ServiceEntry) =>
    [...new Set(['identity', ...(entry.deploy?.calls ?? [])])].filter(
      (name) => name !== entry.name && listed.some((other) => other.name === name),
    );

  async function start(entry: ServiceEntry): Promise<StartedService> {
    // The list names a callee before its caller, so its promise is already there.
    await Promise.all(dependencies(entry).map((name) => starting.get(name)));
    const definition = await entry.load!();
    const config = loadConfig(definition.config, { ...options.env, ...options.envFor?.(entry.name) });
    const service = await createService(definition, { config, infra: options.infra });
    const current = { entry, service, config };
    await options.beforeStart?.(current);
    const { port } = await service.start({ port: 0, host: '127.0.0.1' });
    options.env[urlVariable(entry.name)] = `http://127.0.0.1:${port}`;
    return current;
  }

  for (const entry of listed) starting.set(entry.name, start(entry));
  const results = await Promise.allSettled(starting.values());
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    // Stop what did start, so a failed start leaves no listener or consumer behind.
    for (const result of results) {
      if (result.status === 'fulfilled') await result.value.service.stop().catch(() => undefined);
    }
    throw (failed as PromiseRejectedResult).reason;
  }
  return results.map((result) => (result as PromiseFulfilledResult<StartedService>).value);
}
