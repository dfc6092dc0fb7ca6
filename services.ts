import type { Infra, ServiceConfig, ServiceDefinition } from '@laundry/platform';

/**
 * The one list of services, in the order they start (a service another one calls comes first, so the
 * caller's settings can name its address). The embedded starter, the distributed launcher, the test stack (and through the
 * launcher the benchmarks) and the gateway's route table all read it; docker-compose.yml and k8s/ are
 * checked against it (test/deploy). A new service is a folder under services/ and an entry here.
 *
 * The definitions load lazily, so the gateway reads names, ports and paths without loading any service.
 */
export interface ServiceEntry {
  name: string;
  /** Its port in the distributed mode and in the containers. */
  port: number;
  /** The public paths the gateway sends to it; no two services' paths overlap. */
  paths: RegExp;
  /** Its process's entry point (the launcher, Dockerfiles and manifests run it). */
  entry: string;
  /** Its definition; absent while the service is a skeleton that answers only /alive and /ready. */
  load?: () => Promise<ServiceDefinition<ServiceConfig>>;
  /** A worker process of its own beside the service, sharing its settings. */
  worker?: WorkerEntry;
}

export interface WorkerEntry {
  name: string;
  entry: string;
  load: () => Promise<WorkerFactory>;
}

/** A worker made from the service's settings and the process's infrastructure. */
export type WorkerFactory = (options: { config: never; infra: Infra }) => Promise<{
  start(): Promise<void>;
  stop(): Promise<void>;
}>;

const definition = <C extends ServiceConfig>(load: () => Promise<ServiceDefinition<C>>) =>
  load as unknown as () => Promise<ServiceDefinition<ServiceConfig>>;

export const services = [
  {
    name: 'identity',
    port: 4001,
    paths: /^\/api\/(login|logout|auth)(\/|$)/,
    entry: 'services/identity/src/main.ts',
    load: definition(async () => (await import('@laundry/identity')).identityService),
  },
  {
    name: 'directory',
    port: 4002,
    // A laundromat's reviews, under /api/laundromats/{id}/reviews, are the review service's.
    paths: /^\/api\/(laundromats(?!\/[^/]+\/reviews(\/|$))|favorites|geocode)(\/|$)/,
    entry: 'services/directory/src/main.ts',
    load: definition(async () => (await import('@laundry/directory')).directoryService),
  },
  // After the directory, whose address its settings name (it asks whether a laundromat exists).
  {
    name: 'review',
    port: 4003,
    paths: /^\/api\/laundromats\/[^/]+\/reviews(\/|$)/,
    entry: 'services/review/src/main.ts',
    load: definition(async () => (await import('@laundry/review')).reviewService),
  },
  {
    name: 'photo',
    port: 4004,
    paths: /^\/(api\/photos|objects)(\/|$)/,
    entry: 'services/photo/src/main.ts',
    load: definition(async () => (await import('@laundry/photo')).photoService),
    worker: {
      name: 'photo-ocr-worker',
      entry: 'services/photo/src/workers/ocr.worker.ts',
      load: async () => (await import('@laundry/photo')).createOcrWorker as WorkerFactory,
    },
  },
  {
    name: 'ad',
    port: 4005,
    paths: /^\/api\/(advertisers|campaigns|ads|placements)(\/|$)/,
    entry: 'services/ad/src/main.ts',
  },
  {
    name: 'billing',
    port: 4006,
    paths: /^\/api\/(analytics|payouts)(\/|$)/,
    entry: 'services/billing/src/main.ts',
  },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof services)[number]['name'];
export const serviceNames: ServiceName[] = services.map((service) => service.name);

/** Each service's address variable for the others and the gateway: DIRECTORY_URL for directory. */
export const urlVariable = <N extends string>(name: N) =>
  `${name.toUpperCase() as Uppercase<N>}_URL` as const;
