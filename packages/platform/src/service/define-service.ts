import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import type { z } from 'zod';
import type { EventType } from '@laundry/contracts';
import { loadConfig, type BaseConfig } from '../config/config.ts';
import { createServiceApp, type ReadinessCheck } from '../http/service-app.ts';
import { stopOnSignals } from '../http/http-server.ts';
import { createLogger, type Logger } from '../logging/logger.ts';
import { infraFromConfig } from '../infra/from-config.ts';
import { migrate } from '../db/migrate.ts';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import { assembleService, type Service } from './assemble-service.ts';
import type { Db } from '../db/db.ts';
import type { EventBus, TypedEventHandler } from '../bus/event-bus.ts';
import type { Infra } from '../infra/infra.ts';

/** What every service is handed: its settings, its own migrated schema, its bus and its outbox. */
export interface ServiceContext<C> {
  config: C;
  infra: Infra;
  logger: Logger;
  db: Db;
  bus: EventBus;
  outbox: Outbox;
}

/** One event the service reacts to, and its handler; built with `on`. */
export interface Subscription {
  subscribe(bus: EventBus): void;
}

/** `on(reviewCreatedV1, handler)`: the handler receives the event parsed against its contract. */
export function on<T extends EventType>(type: T, handler: TypedEventHandler<T>): Subscription {
  return { subscribe: (bus) => bus.subscribe(type, handler) };
}

/** Work a service runs beside its HTTP API (a job processor, a timer), started after it and stopped before. */
export interface BackgroundWork {
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

/** What a service is made of, once its repositories and clients exist. */
export interface ServiceWiring {
  /** Every route of the service, in one place. */
  routes(router: Router): void;
  /** Every event the service reacts to, in one place. */
  subscriptions?: Subscription[];
  /** Jobs and other background work. */
  jobs?: BackgroundWork[];
  /** Readiness beyond the database and the broker, which every service reports. */
  readiness?: Record<string, ReadinessCheck>;
  /** Routes that read their body unparsed, as a Buffer (a webhook verified on its raw bytes). */
  rawBodyPaths?: string[];
}

export interface ServiceDefinition<C extends ServiceConfig> {
  name: string;
  config: z.ZodType<C, unknown>;
  /** The service's migrations folder (forward-only *.sql files). */
  migrations: URL;
  /** Builds the repositories, clients and domain dependencies, and names the routes, subscriptions and jobs. */
  wire(context: ServiceContext<C>): ServiceWiring | Promise<ServiceWiring>;
}

/** The settings every service has on top of the base ones. */
export type ServiceConfig = BaseConfig & { PORT: number };

/** A service made from its definition: the kit's Service, with its own database handle for tests and seeding. */
export interface DefinedService extends Service {
  readonly db: Db;
}

/** Names the pieces of a service in one place; nothing runs until createService or runService. */
export function defineService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): ServiceDefinition<C> {
  return definition;
}

/**
 * Opens and migrates the service's schema, wires it, and returns it ready to start: the same order and the
 * same parts for every service. The database and the bus belong to `infra`, which closes them.
 */
export async function createService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  { config, infra }: { config: C; infra: Infra },
): Promise<DefinedService> {
  const { name } = definition;
  const logger = infra.logger.child({ service: name });
  const db = await infra.openDb(config.DB_SCHEMA ?? name);
  await migrate(db, fileURLToPath(definition.migrations), { logger });
  const bus = infra.bus(name);
  const outbox = createOutbox({ db, bus, producer: name, logger });
  const wiring = await definition.wire({ config, infra, logger, db, bus, outbox });
  for (const subscription of wiring.subscriptions ?? []) subscription.subscribe(bus);
  const jobs = wiring.jobs ?? [];

  const app = createServiceApp({
    name,
    logger,
    internalSecret: config.INTERNAL_SECRET,
    bodyLimit: config.BODY_LIMIT,
    readiness: {
      database: () => db.ping().then(() => true),
      broker: () => bus.ready(),
      ...wiring.readiness,
    },
    rawBodyPaths: wiring.rawBodyPaths,
    routes: wiring.routes,
  });
  const service = assembleService({
    name,
    app,
    startBackground: async () => {
      await bus.start();
      outbox.start();
      for (const job of jobs) await job.start();
    },
    stopBackground: async () => {
      for (const job of jobs) await job.stop();
      await outbox.stop();
    },
  });
  return { ...service, db };
}

/** A service's main.ts: settings from the environment, its infrastructure, listen, and stop on a signal. */
export async function runService<C extends ServiceConfig>(definition: ServiceDefinition<C>): Promise<void> {
  const config = loadConfig(definition.config);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const infra = await infraFromConfig(config, logger);
  const service = await createService(definition, { config, infra });
  const { port } = await service.start({ port: config.PORT, host: config.HOST });
  logger.info({ port }, `${definition.name} service listening`);
  stopOnSignals(logger, async () => {
    await service.stop();
    await infra.close();
  });
}
