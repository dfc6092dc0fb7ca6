import type { Infra, ServiceConfig, ServiceDefinition } from '@laundry/platform';

/**
 * The one list of services, a service another one calls first: in one process each starts once identity
 * and those it calls (`deploy.calls`) listen, so the caller's settings can name their addresses. The embedded starter, the distributed launcher, the test stack (and through the
 * launcher the benchmarks) and the gateway's route table all read it; docker-compose.yml, the k8s/ manifests and
 * the databases' init script are generated from it (`npm run deploy:generate`, test/deploy checks they are).
 * A new service is a folder under services/, an entry here, and `npm run deploy:generate`.
 *
 * The definitions load lazily, so the gateway reads names, ports and paths without loading any service.
 */
export interface ServiceEntry {
  name: string;
  /** What it does, in a line: the head of its generated Kubernetes manifest. */
  summary: string;
  /** Its port in the distributed mode and in the containers. */
  port: number;
  /** The public paths the gateway sends to it; no two services' paths overlap. */
  paths: RegExp;
  /** Its public paths that take a file upload: the gateway lets their bodies reach UPLOAD_BODY_LIMIT. */
  uploadPaths?: RegExp;
  /**
   * Its paths the gateway routes only in the embedded mode (`npm start`) and never in production: pages for
   * the person running the product on their own machine, such as identity's local mail outbox.
   */
  embeddedOnlyPaths?: RegExp;
  /** Its process's entry point (the launcher, Dockerfiles and manifests run it). */
  entry: string;
  /** Its definition; absent while the service is a skeleton that answers only /alive and /ready. */
  load?: () => Promise<ServiceDefinition<ServiceConfig>>;
  /** A worker process of its own beside the service, sharing its settings. */
  worker?: WorkerEntry;
  /** How it is deployed, where it needs more than every service gets. */
  deploy?: DeploySettings;
}

export interface WorkerEntry {
  name: string;
  summary: string;
  entry: string;
  load: () => Promise<WorkerFactory>;
  /** The worker's own; it also gets its service's secrets, settings and volumes (not its addresses of others). */
  deploy?: Omit<DeploySettings, 'calls'>;
}

/**
 * What scripts/src/deploy-files.ts writes into docker-compose.yml and k8s/ for a service or worker beyond what
 * every one gets: its own database laundry_<service> (a worker shares its service's), AMQP_URL, REDIS_URL,
 * INTERNAL_SECRET, NODE_ENV and LOG_LEVEL, a start after healthy PostgreSQL, RabbitMQ and Redis, and for a
 * service its port with liveness on /alive and readiness on /ready.
 */
export interface DeploySettings {
  /**
   * The services it calls, listed before it: compose gives it their addresses (DIRECTORY_URL). In k8s every
   * pod reads all of them from the ConfigMap laundry-config.
   */
  calls?: readonly string[];
  /** Secrets beyond INTERNAL_SECRET: required variables in compose, keys of the Secret laundry-secrets in k8s. */
  secrets?: readonly string[];
  /** Secrets it runs without (empty in compose unless set; optional keys of laundry-secrets in k8s). */
  optionalSecrets?: readonly string[];
  /**
   * Settings of its own; a pair where compose and k8s differ. A pair without `kubernetes` is left to the
   * ConfigMap laundry-config in k8s (a setting each cluster gives its own value, such as PUBLIC_URL).
   */
  env?: Readonly<Record<string, string | { compose: string; kubernetes?: string }>>;
  /** Named volumes and where they are mounted: compose volumes; in k8s claims each overlay provides. */
  volumes?: Readonly<Record<string, string>>;
  /** Its k8s requests and limits (overlays may change them); by default 100m and 192Mi, up to 500m and 512Mi. */
  resources?: KubernetesResources;
  /** Its replicas in the prod overlay (dev runs one of each); 2 by default. */
  replicas?: number;
}

export interface KubernetesResources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
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
    summary: 'Accounts, sign-in and the session token the gateway verifies.',
    port: 4001,
    // /api/me: the signed-in person's own account (the account page).
    // /api/admin/retention-policies: the data retention policies identity keeps for every service.
    // /api/notifications: the notification mails' one-click unsubscribe link.
    paths: /^\/api\/(login|logout|auth|me|notifications|admin\/retention-policies)(\/|$)/,
    // The local outbox of mail that `npm start` keeps instead of sending it.
    embeddedOnlyPaths: /^\/dev\/mail\/?$/,
    entry: 'services/identity/src/main.ts',
    load: definition(async () => (await import('@laundry/identity')).identityService),
    deploy: {
      secrets: ['SESSION_SECRET'],
      // Mail goes out only where SMTP_URL (with its password) is given; links start at PUBLIC_URL.
      optionalSecrets: ['SMTP_URL'],
      env: { PUBLIC_URL: { compose: '${PUBLIC_URL:-}' }, MAIL_FROM: { compose: '${MAIL_FROM:-}' } },
      resources: { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1000m', memory: '512Mi' } },
    },
  },
  {
    name: 'directory',
    summary: 'Laundromats, favorites and geocoding (the offline gazetteer is held in memory).',
    port: 4002,
    // A laundromat's reviews, under /api/laundromats/{id}/reviews, are the review service's; its live
    // availability and busyness the availability service's; its owners' claims the owner service's.
    // /api/suggestions and /api/admin/suggestions: suggested edits of laundromats; /api/admin/export: the
    // directory's data export; /api/admin/laundromats/merge and /{id}/upstream: merging duplicates and
    // OpenStreetMap's values where the directory kept its own.
    // /api/owner/laundromats/{id}/listing and /insights: a verified owner's change of the listing, which the
    // directory holds, and the daily counts of how it is found and used, which it counts.
    // /api/owner/suggestions: the edits suggested for an owner's laundromats, which they decide first.
    paths:
      /^\/api\/(laundromats(?!\/[^/]+\/(reviews|availability|busyness|claims)(\/|$))|favorites|geocode|suggestions|admin\/(suggestions|export|laundromats\/(merge|[^/]+\/upstream))|owner\/(suggestions|laundromats\/[^/]+\/insights|laundromats\/[^/]+(?=\/?$)))(\/|$)/,
    entry: 'services/directory/src/main.ts',
    load: definition(async () => (await import('@laundry/directory')).directoryService),
    deploy: {
      // The OpenStreetMap sync runs only where areas are given (each replica declares the same schedule).
      env: {
        OSM_SYNC_AREAS: { compose: '${OSM_SYNC_AREAS:-}' },
        OSM_SYNC_INTERVAL: { compose: '${OSM_SYNC_INTERVAL:-1d}' },
        OVERPASS_URL: { compose: '${OVERPASS_URL:-https://overpass-api.de/api/interpreter}' },
      },
      resources: { requests: { cpu: '100m', memory: '384Mi' }, limits: { cpu: '1000m', memory: '1Gi' } },
      replicas: 3,
    },
  },
  // After the directory, whose address its settings name (it asks whether a laundromat exists).
  {
    name: 'review',
    summary: 'Reviews and their ratings.',
    port: 4003,
    // /api/reviews/{reviewId}/reply and /abuse-reports: the verified owner's reply to one review and their
    // reports of abusive ones; /api/admin/review-reports: the admins' decisions on those reports.
    paths: /^\/api\/(laundromats\/[^/]+\/reviews|reviews|admin\/review-reports)(\/|$)/,
    entry: 'services/review/src/main.ts',
    load: definition(async () => (await import('@laundry/review')).reviewService),
    deploy: { calls: ['directory'] },
  },
  {
    name: 'photo',
    summary: 'Photo upload and storage; OCR runs in photo-ocr-worker on the same volume.',
    port: 4004,
    paths: /^\/(api\/photos|objects)(\/|$)/,
    uploadPaths: /^\/api\/photos(\/profile-image)?\/?$/,
    entry: 'services/photo/src/main.ts',
    load: definition(async () => (await import('@laundry/photo')).photoService),
    worker: {
      name: 'photo-ocr-worker',
      summary: 'Reads prices from uploaded photos (BullMQ jobs). No API: it takes jobs and serves metrics.',
      entry: 'services/photo/src/workers/ocr.worker.ts',
      load: async () => (await import('@laundry/photo')).createOcrWorker as WorkerFactory,
      deploy: {
        // In k8s one image per core of its CPU limit.
        env: { OCR_CONCURRENCY: { compose: '${OCR_CONCURRENCY:-1}', kubernetes: '2' } },
        resources: { requests: { cpu: '250m', memory: '384Mi' }, limits: { cpu: '2000m', memory: '1Gi' } },
      },
    },
    deploy: {
      calls: ['directory'],
      env: { DATA_DIR: '/var/lib/laundry', PHOTO_STORAGE_DIR: '/var/lib/laundry/photos' },
      volumes: { photos: '/var/lib/laundry/photos' },
      resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { cpu: '1000m', memory: '768Mi' } },
    },
  },
  {
    name: 'ad',
    summary: 'Advertisers, campaigns, their moderation, ad serving and the audit log.',
    port: 4005,
    // The admin console's queues and audit search are the ad service's (billing's, the retention policies',
    // the machine feeds' keys under admin/laundromats and admin/feed-keys, the out-of-order list under
    // admin/availability, owners' claims, and the directory's suggestions and data export are theirs).
    // /api/owner/laundromats/{id}/promote: an owner's draft campaign for their laundromat.
    paths:
      /^\/api\/(advertisers|campaigns|ads|placements|admin(?!\/(billing|retention-policies|laundromats|feed-keys|suggestions|export|claims|availability|review-reports)(\/|$))|owner\/laundromats\/[^/]+\/promote)(\/|$)/,
    // An advertiser's business document, passed on to the photo service's storage.
    uploadPaths: /^\/api\/advertisers\/me\/verification\/?$/,
    entry: 'services/ad/src/main.ts',
    load: definition(async () => (await import('@laundry/ad')).adService),
    // PUBLIC_URL: where a promoted laundromat's ad lands (its page in the finder).
    deploy: { calls: ['directory', 'photo'], env: { PUBLIC_URL: { compose: '${PUBLIC_URL:-}' } } },
  },
  {
    name: 'billing',
    summary: "The advertisers' ledger, period statements and their charges, invoices, revenue and payouts.",
    port: 4006,
    paths: /^\/api\/(analytics|payouts|billing|admin\/billing)(\/|$)/,
    entry: 'services/billing/src/main.ts',
    load: definition(async () => (await import('@laundry/billing')).billingService),
    deploy: {
      // Without a Stripe key billing charges through its built-in test provider ('Test mode').
      optionalSecrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      env: {
        BILLING_PERIOD: { compose: '${BILLING_PERIOD:-1m}', kubernetes: '1m' },
        BILLING_PLATFORM_FEE_RATE: { compose: '${BILLING_PLATFORM_FEE_RATE:-0.15}', kubernetes: '0.15' },
      },
    },
  },
  {
    name: 'availability',
    summary: 'Live availability: crowd reports, machine feeds and the live state of each laundromat.',
    port: 4007,
    // A laundromat's reports and live state, its busyness, the live stream, the machine feeds and their keys,
    // and the admins' list of machines reported out of order; an owned laundromat's feed keys and its
    // out-of-order reports, under /api/owner/laundromats/{id}/(feed-keys|out-of-order).
    paths:
      /^\/api\/(laundromats\/[^/]+\/(availability|busyness)|availability\/push-key|live|feeds\/machines|admin\/laundromats\/[^/]+\/feed-keys|admin\/feed-keys|admin\/availability|owner\/laundromats\/[^/]+\/(feed-keys|out-of-order))(\/|$)/,
    entry: 'services/availability/src/main.ts',
    load: definition(async () => (await import('@laundry/availability')).availabilityService),
    // Without the VAPID pair 'tell me when a washer is free' is off (`web-push generate-vapid-keys` makes one).
    deploy: {
      calls: ['directory'],
      optionalSecrets: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'],
    },
  },
  {
    name: 'owner',
    summary:
      "Owners' claims of laundromats: a code mailed to the website's domain, or a document an admin reads.",
    port: 4008,
    // A laundromat's claims, a claim's code and document, the owner's own laundromats and the admins' queue.
    // (An owned laundromat's listing and insights, /api/owner/laundromats/{id}/listing|insights, are the
    // directory's; its feed keys
    // and out-of-order reports are the availability service's; its promotion the ad service's.)
    paths:
      /^\/api\/(laundromats\/[^/]+\/claims|claims|owner(?!\/(suggestions|laundromats\/[^/]+\/(insights|feed-keys|out-of-order|promote))(\/|$)|\/laundromats\/[^/]+\/?$)|admin\/claims)(\/|$)/,
    // A claim's business document, passed on to the photo service's storage.
    uploadPaths: /^\/api\/laundromats\/[^/]+\/claims\/document\/?$/,
    entry: 'services/owner/src/main.ts',
    load: definition(async () => (await import('@laundry/owner')).ownerService),
    // Identity sends the claim codes and transfer mails (POST /internal/mail), with its mail server or local
    // outbox; PUBLIC_URL starts a transfer mail's link.
    deploy: {
      calls: ['identity', 'directory', 'photo'],
      env: { PUBLIC_URL: { compose: '${PUBLIC_URL:-}' } },
    },
  },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof services)[number]['name'];
export const serviceNames: ServiceName[] = services.map((service) => service.name);

/** Each service's address variable for the others and the gateway: DIRECTORY_URL for directory. */
export const urlVariable = <N extends string>(name: N) =>
  `${name.toUpperCase() as Uppercase<N>}_URL` as const;
