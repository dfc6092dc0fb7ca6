import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import type { z } from 'zod';
import type { EventType } from '@laundry/contracts';
import { loadConfig, type BaseConfig } from '../config/config.ts';
import { createServiceApp, type ReadinessCheck } from '../http/service-app.ts';
import { stopOnSignals } from '../http/http-server.ts';
import { startTracing } from '../observability/tracing.ts';
import { metricsPort, startMetricsServer } from '../observability/metrics-server.ts';
import { createLogger, type Logger } from '../logging/logger.ts';
import { infraFromConfig } from '../infra/from-config.ts';
import { migrate } from '../db/migrate.ts';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import { assembleService, type Service } from './assemble-service.ts';
import type { Db } from '../db/db.ts';
import type { EventBus, TypedEventHandler } from '../bus/event-bus.ts';
import type { Infra } from '../infra/infra.ts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '../auth/internal-identity.ts';
import { createRetentionClient } from '@laundry/contracts';
import { platformRetentionTasks } from '../retention/platform-tasks.ts';
import { retentionJob, retentionQueueName, type RetentionJobData } from '../retention/retention-job.ts';
import type { RetentionPolicySource, RetentionTask } from '../retention/retention-task.ts';
import { servicePolicies, type RetentionDeclaration } from '../retention/declarations.ts';
import {
  personalDataRoutes,
  userDeletedSubscription,
  type PersonalDataDeclaration,
} from './personal-data.ts';

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
  /**
   * The service's retention clean-up: tasks for its own data types beside the outbox and processed events
   * every service has (each task's data type needs a policy in the definition's `retention`), and (for
   * identity, which keeps the policies) where the policies are read.
   */
  retention?: { tasks?: RetentionTask[]; policies?: RetentionPolicySource };
}

export interface ServiceDefinition<C extends ServiceConfig, W extends ServiceWiring = ServiceWiring> {
  name: string;
  config: z.ZodType<C, unknown>;
  /** The service's migrations folder (forward-only *.sql files). */
  migrations: URL;
  /** Builds the repositories, clients and domain dependencies, and names the routes, subscriptions and jobs. */
  wire(context: ServiceContext<C>): W | Promise<W>;
  /**
   * What the service keeps about a person: the kit mounts its export (GET /internal/me/personal-data, which
   * the gateway gathers) and its part of an account's erasure (a user.deleted.v1 consumer). Every service
   * declares it, one that keeps nothing about anyone with an empty export and erasure.
   */
  personalData: PersonalDataDeclaration<W>;
  /**
   * The retention policies of the data types its retention tasks clean up. The kit adds those of the outbox
   * and processed events every service has; identity starts from every listed service's
   * (`npm run deploy:generate` writes them for it).
   */
  retention?: readonly RetentionDeclaration[];
}

/** The settings every service has on top of the base ones. */
export type ServiceConfig = BaseConfig & { PORT: number };

/** A service made from its definition: the kit's Service, with its own database handle for tests and seeding. */
export interface DefinedService extends Service {
  readonly db: Db;
}

/** Names the pieces of a service in one place; nothing runs until createService or runService. */
export function defineService<C extends ServiceConfig, W extends ServiceWiring>(
  definition: ServiceDefinition<C, W>,
): ServiceDefinition<C, W> {
  return definition;
}

/**
 * Opens and migrates the service's schema, wires it, and returns it ready to start: the same order and the
 * same parts for every service. The database and the bus belong to `infra`, which closes them.
 */
export async function createService<C extends ServiceConfig, W extends ServiceWiring>(
  definition: ServiceDefinition<C, W>,
  { config, infra }: { config: C; infra: Infra },
): Promise<DefinedService> {
  const { name } = definition;
  const logger = infra.logger.child({ service: name });
  const db = await infra.openDb(config.DB_SCHEMA ?? name);
  await migrate(db, fileURLToPath(definition.migrations), { logger });
  const bus = infra.bus(name);
  // Old published events are deleted by the retention job, as the outbox-events policy says.
  const outbox = createOutbox({ db, bus, producer: name, logger, retainPublishedMs: 0 });
  const wiring = await definition.wire({ config, infra, logger, db, bus, outbox });
  const { personalData } = definition;
  if (!personalData?.export || !personalData.erase) {
    throw new Error(`The ${name} service declares no personalData { export, erase } (defineService).`);
  }
  checkRetentionDeclared(definition, wiring.retention?.tasks ?? []);
  const subscriptions = [
    ...(wiring.subscriptions ?? []),
    userDeletedSubscription({ service: name, db, logger }, personalData, wiring),
  ];
  for (const subscription of subscriptions) subscription.subscribe(bus);
  const jobs = [...(wiring.jobs ?? []), retentionWork(name, config, infra, logger, db, wiring.retention)];

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
    routes: (router) => {
      wiring.routes(router);
      personalDataRoutes(router, personalData, wiring);
    },
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

/**
 * A retention task without a declared policy would never run (no policy names it) and nothing would say so:
 * the service does not start instead.
 */
function checkRetentionDeclared(
  definition: { name: string; retention?: readonly RetentionDeclaration[] },
  tasks: readonly RetentionTask[],
): void {
  const declared = new Set(servicePolicies(definition.name, definition.retention).map((p) => p.dataType));
  const missing = tasks.filter((task) => !declared.has(task.dataType)).map((task) => task.dataType);
  if (missing.length > 0) {
    throw new Error(
      `The ${definition.name} service cleans up ${missing.join(', ')} without a retention policy: ` +
        'declare it in defineService({ retention }).',
    );
  }
}

/**
 * Every service applies the retention policies of the data it holds on a schedule (docs/adr/0017): the
 * policies come from identity through its typed client, signed like any service-to-service call.
 */
function retentionWork(
  service: string,
  config: ServiceConfig,
  infra: Infra,
  logger: Logger,
  db: Db,
  retention: ServiceWiring['retention'],
): BackgroundWork {
  const policies =
    retention?.policies ??
    createRetentionClient({
      baseUrl: config.IDENTITY_URL,
      timeoutMs: 5000,
      identityHeader: INTERNAL_IDENTITY_HEADER,
      sign: () => signInternalIdentity(undefined, config.INTERNAL_SECRET, `service:${service}`),
    });
  return retentionJob({
    service,
    db,
    policies,
    tasks: [...platformRetentionTasks, ...(retention?.tasks ?? [])],
    queue: infra.jobs<RetentionJobData>(retentionQueueName(service)),
    logger,
    everyMs: config.RETENTION_INTERVAL_MS,
  });
}

/**
 * A service's main.ts: settings from the environment, tracing when an OTLP endpoint is set, its
 * infrastructure, listen (the API on PORT, /metrics on METRICS_PORT), and stop on a signal.
 */
export async function runService<C extends ServiceConfig, W extends ServiceWiring>(
  definition: ServiceDefinition<C, W>,
): Promise<void> {
  const config = loadConfig(definition.config);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const tracing = await startTracing({ serviceName: definition.name });
  const infra = await infraFromConfig(config, logger);
  const service = await createService(definition, { config, infra });
  const { port } = await service.start({ port: config.PORT, host: config.HOST });
  const metricsAt = metricsPort();
  const metrics =
    metricsAt === undefined
      ? undefined
      : await startMetricsServer({ port: metricsAt, host: config.HOST, logger });
  logger.info({ port, metricsPort: metrics?.port }, `${definition.name} service listening`);
  stopOnSignals(logger, async () => {
    await service.stop();
    await metrics?.stop();
    await infra.close();
    await tracing?.stop();
  });
}
