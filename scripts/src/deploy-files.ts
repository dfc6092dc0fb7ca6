import {
  urlVariable,
  type DeploySettings,
  type KubernetesResources,
  type ServiceEntry,
} from '../../services.ts';

/**
 * docker-compose.yml, the k8s/ manifests and the databases' init script, made from the list of services
 * (services.ts) so that a new service is a folder and an entry there: `npm run deploy:generate` writes them
 * (scripts/src/generate-deploy-files.ts) and test/deploy fails while a committed file differs from what this
 * makes. Only what depends on the list is made here; the rest of each file is written out below as it reads.
 *
 * What every deployable gets and what a service adds to it is described on DeploySettings (services.ts). The
 * overlays' kustomization.yaml files are hand-written but for their `images` and `replicas`, which are
 * replaced here; their other files (the photos claim, prod's resources.yaml) stay hand-written.
 */

export const GENERATE_COMMAND = 'npm run deploy:generate';

/** The base's folder: every .yaml in it is written here; one that no deployable makes any more is deleted. */
export const K8S_BASE = 'k8s/base';

/** A gateway, service or worker: one container, one image `laundry/<name>`, one Deployment. */
interface Deployable {
  name: string;
  summary: string;
  kind: 'gateway' | 'service' | 'worker';
  port?: number;
  /** The database it uses, laundry_<database>; the gateway has none. */
  database?: string;
  /** The service it belongs to (a worker's). */
  service?: string;
  build: { dockerfile: string; target?: string; args?: Record<string, string> };
  deploy: DeploySettings;
}

const DEFAULT_RESOURCES: KubernetesResources = {
  requests: { cpu: '100m', memory: '192Mi' },
  limits: { cpu: '500m', memory: '512Mi' },
};
const DEFAULT_PRODUCTION_REPLICAS = 2;

const GATEWAY_PORT = 8080;

/**
 * Where every process serves GET /metrics in its container (the kit's default, METRICS_PORT): a port apart from
 * the API's, named `metrics`, which the observability component's ServiceMonitor scrapes and no route reaches.
 */
export const METRICS_PORT = 9464;

function deployablesOf(services: readonly ServiceEntry[]): Deployable[] {
  const gateway: Deployable = {
    name: 'gateway',
    summary:
      'The only public entry point: verifies the session cookie, routes /api to the services and serves\n' +
      'the shell and both remotes.',
    kind: 'gateway',
    port: GATEWAY_PORT,
    build: { dockerfile: 'gateway/Dockerfile' },
    deploy: {
      secrets: ['SESSION_SECRET'],
      resources: { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1000m', memory: '512Mi' } },
      replicas: 3,
    },
  };
  return [
    gateway,
    ...services.flatMap((service): Deployable[] => {
      const own: Deployable = {
        name: service.name,
        summary: service.summary,
        kind: 'service',
        port: service.port,
        database: service.name,
        build: {
          dockerfile: 'services/Dockerfile',
          target: 'service',
          args: { SERVICE: service.name, PORT: String(service.port) },
        },
        deploy: service.deploy ?? {},
      };
      if (!service.worker) return [own];
      const worker = service.worker;
      // A worker shares its service's settings: its secrets, fixed settings and volumes, and its own after them.
      const shared = service.deploy ?? {};
      const workerDeploy = worker.deploy ?? {};
      return [
        own,
        {
          name: worker.name,
          summary: worker.summary,
          kind: 'worker',
          database: service.name,
          service: service.name,
          build: {
            dockerfile: 'services/Dockerfile',
            target: 'worker',
            args: { SERVICE: service.name, WORKER: worker.entry },
          },
          deploy: {
            secrets: [...(shared.secrets ?? []), ...(workerDeploy.secrets ?? [])],
            optionalSecrets: [...(shared.optionalSecrets ?? []), ...(workerDeploy.optionalSecrets ?? [])],
            env: { ...shared.env, ...workerDeploy.env },
            volumes: { ...shared.volumes, ...workerDeploy.volumes },
            resources: workerDeploy.resources,
            replicas: workerDeploy.replicas,
          },
        },
      ];
    }),
  ];
}

/** A YAML scalar: plain where YAML reads it back as the same string, double-quoted otherwise. */
function scalar(value: string): string {
  const plain =
    /^[A-Za-z0-9_/.$(][^#]*$/.test(value) &&
    !/: |\s$/.test(value) &&
    !/^(\d[\d_.]*|true|false|yes|no|on|off|null|~|y|n)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

const lines = (...parts: (string | false | undefined | string[])[]) =>
  parts.flatMap((part) => (part === false || part === undefined ? [] : part)).join('\n');

const comment = (text: string) =>
  text
    .split('\n')
    .map((line) => `# ${line}`)
    .join('\n');

const required = (variable: string) => `\${${variable}:?set ${variable}, e.g. openssl rand -hex 32}`;

/** A setting's value for the target; undefined for a k8s setting left to the ConfigMap laundry-config. */
const envValue = (
  value: string | { compose: string; kubernetes?: string },
  target: 'compose' | 'kubernetes',
) => (typeof value === 'string' ? value : value[target]);

// ---------------------------------------------------------------- docker-compose.yml

function composeService(deployable: Deployable, services: readonly ServiceEntry[]): string {
  const { name, deploy } = deployable;
  const build = deployable.build;
  const env: [string, string][] = [];
  if (deployable.port) env.push(['PORT', scalar(String(deployable.port))]);
  if (deployable.database) {
    env.push([
      'DATABASE_URL',
      `postgres://\${POSTGRES_USER:-laundry}:${required('POSTGRES_PASSWORD')}@postgres:5432/laundry_${deployable.database}`,
    ]);
  }
  for (const secret of deploy.secrets ?? []) env.push([secret, required(secret)]);
  for (const secret of deploy.optionalSecrets ?? []) env.push([secret, `\${${secret}:-}`]);
  for (const [key, value] of Object.entries(deploy.env ?? {}))
    env.push([key, scalar(envValue(value, 'compose')!)]);
  const calls =
    deployable.kind === 'gateway' ? services.map((service) => service.name) : (deploy.calls ?? []);
  for (const callee of calls) {
    const port = services.find((service) => service.name === callee)?.port;
    if (port === undefined) throw new Error(`${name} calls ${callee}, which is not in services.ts`);
    env.push([urlVariable(callee), `http://${callee}:${port}`]);
  }
  const waitsFor =
    deployable.kind === 'gateway'
      ? services.map((service) => service.name)
      : deployable.service
        ? [deployable.service]
        : [];
  const volumes = Object.entries(deploy.volumes ?? {});
  return lines(
    `  ${name}:`,
    `    <<: *app`,
    `    build:`,
    `      context: .`,
    `      dockerfile: ${build.dockerfile}`,
    build.target && `      target: ${build.target}`,
    build.args && [
      `      args:`,
      ...Object.entries(build.args).map(([key, value]) => `        ${key}: ${scalar(value)}`),
    ],
    `    image: laundry/${name}:\${TAG:-dev}`,
    deployable.kind === 'gateway' && [`    ports:`, `      - "\${GATEWAY_PORT:-8080}:${GATEWAY_PORT}"`],
    `    environment:`,
    `      <<: *service-env`,
    env.map(([key, value]) => `      ${key}: ${value}`),
    volumes.length > 0 && [`    volumes:`, ...volumes.map(([volume, path]) => `      - ${volume}:${path}`)],
    waitsFor.length === 0
      ? `    depends_on: *backing-services`
      : [
          `    depends_on:`,
          `      <<: *backing-services`,
          ...waitsFor.flatMap((other) => [`      ${other}:`, `        condition: service_healthy`]),
        ],
  );
}

function composeFile(deployables: Deployable[], services: readonly ServiceEntry[]): string {
  const volumes = [
    ...new Set(deployables.flatMap((deployable) => Object.keys(deployable.deploy.volumes ?? {}))),
  ];
  // Services first, then their workers, then the gateway that waits for the services.
  const order = [
    ...deployables.filter((deployable) => deployable.kind === 'service'),
    ...deployables.filter((deployable) => deployable.kind === 'worker'),
    ...deployables.filter((deployable) => deployable.kind === 'gateway'),
  ];
  return `${COMPOSE_HEAD}
${order.map((deployable) => composeService(deployable, services)).join('\n\n')}

volumes:
  postgres-data:
  rabbitmq-data:
${volumes.map((volume) => `  ${volume}:`).join('\n')}
`;
}

const COMPOSE_HEAD = `# Generated from services.ts by \`${GENERATE_COMMAND}\`; edit that list or scripts/src/deploy-files.ts, not this file.
# The distributed stack: \`docker-compose up --build\`, then open http://localhost:8080.
# Only the gateway publishes a port. No secret has a default: set SESSION_SECRET, INTERNAL_SECRET,
# POSTGRES_PASSWORD and RABBITMQ_PASSWORD in the environment (or .env), e.g. each to \`openssl rand -hex 32\`.
#
# A front-end remote is deployed alone, without a new shell or gateway image: each page names the build of
# each remote the gateway finds (/remotes.json), so the next page load takes a new one. For example, mount
# a remote's bundle into the gateway with an override file, then \`npm run build -w mf-finder\` is a deploy:
#   services: { gateway: { volumes: ["./mf-finder/dist:/app/mf-finder/dist:ro"] } }
# A remote served from elsewhere is named by a JSON file given as REMOTES_MANIFEST ({"mf_finder": "<url>"}).

x-app: &app
  init: true
  restart: unless-stopped
  read_only: true
  tmpfs:
    - /tmp

x-backing-services: &backing-services
  postgres:
    condition: service_healthy
  rabbitmq:
    condition: service_healthy
  redis:
    condition: service_healthy

x-service-env: &service-env
  NODE_ENV: production
  LOG_LEVEL: \${LOG_LEVEL:-info}
  AMQP_URL: amqp://\${RABBITMQ_USER:-laundry}:${required('RABBITMQ_PASSWORD')}@rabbitmq:5672
  REDIS_URL: redis://redis:6379
  INTERNAL_SECRET: ${required('INTERNAL_SECRET')}
  # GET /metrics of each container, on the compose network only (nothing publishes it).
  METRICS_PORT: "${METRICS_PORT}"

services:
  postgres:
    image: postgis/postgis:15-3.4
    environment:
      POSTGRES_USER: \${POSTGRES_USER:-laundry}
      POSTGRES_PASSWORD: ${required('POSTGRES_PASSWORD')}
    volumes:
      - postgres-data:/var/lib/postgresql/data
      # After the image's own 10_postgis.sh.
      - ./scripts/docker/postgres-init.sql:/docker-entrypoint-initdb.d/20-laundry-databases.sql:ro
    healthcheck:
      # TCP, not the socket: the entrypoint's init-time server listens on the socket only, so this
      # passes only after the init script has created the databases.
      test: ["CMD-SHELL", "pg_isready -h 127.0.0.1 -U \\"$$POSTGRES_USER\\""]
      interval: 5s
      timeout: 3s
      retries: 20
      start_period: 20s
    restart: unless-stopped

  rabbitmq:
    image: rabbitmq:3-management
    environment:
      RABBITMQ_DEFAULT_USER: \${RABBITMQ_USER:-laundry}
      RABBITMQ_DEFAULT_PASS: ${required('RABBITMQ_PASSWORD')}
    volumes:
      - rabbitmq-data:/var/lib/rabbitmq
    healthcheck:
      test: ["CMD", "rabbitmq-diagnostics", "-q", "ping"]
      interval: 10s
      timeout: 10s
      retries: 12
      start_period: 30s
    restart: unless-stopped

  redis:
    image: redis:7
    command: ["redis-server", "--save", "", "--appendonly", "no"]
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 5s
      timeout: 3s
      retries: 20
    restart: unless-stopped
`;

// ---------------------------------------------------------------- k8s/base

const secretRef = (key: string, optional = false) => [
  `            - name: ${key}`,
  `              valueFrom:`,
  `                secretKeyRef:`,
  `                  name: laundry-secrets`,
  `                  key: ${key}`,
  ...(optional ? [`                  optional: true`] : []),
];

const probe = (kind: string, path: string, settings: Record<string, number>) => [
  `          ${kind}:`,
  `            httpGet:`,
  `              path: ${path}`,
  `              port: http`,
  ...Object.entries(settings).map(([key, value]) => `            ${key}: ${value}`),
];

function manifest(deployable: Deployable): string {
  const { name, deploy } = deployable;
  const server = deployable.kind !== 'worker';
  const resources = deploy.resources ?? DEFAULT_RESOURCES;
  const volumes = Object.entries(deploy.volumes ?? {});
  const deployment = lines(
    `# Generated from services.ts by \`${GENERATE_COMMAND}\`.`,
    comment(deployable.summary),
    `apiVersion: apps/v1`,
    `kind: Deployment`,
    `metadata:`,
    `  name: ${name}`,
    `  labels:`,
    `    app: ${name}`,
    `spec:`,
    `  selector:`,
    `    matchLabels:`,
    `      app: ${name}`,
    `  template:`,
    `    metadata:`,
    `      labels:`,
    `        app: ${name}`,
    `    spec:`,
    `      serviceAccountName: ${name}`,
    `      automountServiceAccountToken: false`,
    `      securityContext:`,
    `        runAsNonRoot: true`,
    `        runAsUser: 1000`,
    `        runAsGroup: 1000`,
    `        fsGroup: 1000`,
    `        seccompProfile:`,
    `          type: RuntimeDefault`,
    `      containers:`,
    `        - name: ${server ? 'server' : 'worker'}`,
    `          image: laundry/${name}`,
    `          securityContext:`,
    `            allowPrivilegeEscalation: false`,
    `            privileged: false`,
    `            readOnlyRootFilesystem: true`,
    `            capabilities:`,
    `              drop:`,
    `                - ALL`,
    `          ports:`,
    deployable.port !== undefined && [
      `            - name: http`,
      `              containerPort: ${deployable.port}`,
    ],
    `            - name: metrics`,
    `              containerPort: ${METRICS_PORT}`,
    `          envFrom:`,
    `            - configMapRef:`,
    `                name: laundry-config`,
    `          env:`,
    deployable.port !== undefined && [
      `            - name: PORT`,
      `              value: "${deployable.port}"`,
    ],
    `            - name: METRICS_PORT`,
    `              value: "${METRICS_PORT}"`,
    deployable.database !== undefined && [
      ...secretRef('POSTGRES_USER'),
      ...secretRef('POSTGRES_PASSWORD'),
      `            - name: DATABASE_URL`,
      `              value: postgres://$(POSTGRES_USER):$(POSTGRES_PASSWORD)@$(POSTGRES_HOST):$(POSTGRES_PORT)/laundry_${deployable.database}`,
    ],
    ...secretRef('RABBITMQ_USER'),
    ...secretRef('RABBITMQ_PASSWORD'),
    `            - name: AMQP_URL`,
    `              value: amqp://$(RABBITMQ_USER):$(RABBITMQ_PASSWORD)@$(RABBITMQ_HOST):$(RABBITMQ_PORT)`,
    ...secretRef('INTERNAL_SECRET'),
    ...(deploy.secrets ?? []).flatMap((key) => secretRef(key)),
    ...(deploy.optionalSecrets ?? []).flatMap((key) => secretRef(key, true)),
    ...Object.entries(deploy.env ?? {}).flatMap(([key, value]) => {
      const kubernetes = envValue(value, 'kubernetes');
      return kubernetes === undefined
        ? []
        : [`            - name: ${key}`, `              value: ${scalar(kubernetes)}`];
    }),
    server && [
      `          # tsx compiles the sources at start-up; give it time before liveness counts.`,
      ...probe('startupProbe', '/alive', { periodSeconds: 2, failureThreshold: 30 }),
      ...probe('livenessProbe', '/alive', { periodSeconds: 15, timeoutSeconds: 3, failureThreshold: 3 }),
      ...probe('readinessProbe', '/ready', { periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 3 }),
    ],
    `          resources:`,
    `            requests:`,
    `              cpu: ${resources.requests.cpu}`,
    `              memory: ${resources.requests.memory}`,
    `            limits:`,
    `              cpu: ${resources.limits.cpu}`,
    `              memory: ${resources.limits.memory}`,
    `          volumeMounts:`,
    `            - name: tmp`,
    `              mountPath: /tmp`,
    ...volumes.flatMap(([volume, path]) => [
      `            - name: ${volume}`,
      `              mountPath: ${path}`,
    ]),
    `      volumes:`,
    `        # tsx caches compiled sources under /tmp; the root file system stays read-only.`,
    `        - name: tmp`,
    `          emptyDir: {}`,
    volumes.length > 0 &&
      `        # Each overlay provides the claim (size, access mode and storage class differ).`,
    ...volumes.flatMap(([volume]) => [
      `        - name: ${volume}`,
      `          persistentVolumeClaim:`,
      `            claimName: ${volume}`,
    ]),
  );
  // A worker, with no API, gets a headless Service for its metrics port alone: the scraper finds its pods there.
  const service = lines(
    `apiVersion: v1`,
    `kind: Service`,
    `metadata:`,
    `  name: ${name}`,
    `  labels:`,
    `    app: ${name}`,
    `spec:`,
    deployable.port !== undefined ? `  type: ClusterIP` : `  clusterIP: None`,
    `  selector:`,
    `    app: ${name}`,
    `  ports:`,
    deployable.port !== undefined && [
      `    - name: http`,
      `      port: ${deployable.port}`,
      `      targetPort: http`,
    ],
    `    - name: metrics`,
    `      port: ${METRICS_PORT}`,
    `      targetPort: metrics`,
  );
  const account = lines(
    `apiVersion: v1`,
    `kind: ServiceAccount`,
    `metadata:`,
    `  name: ${name}`,
    `automountServiceAccountToken: false`,
  );
  return `${[deployment, service, account].join('\n---\n')}\n`;
}

function baseKustomization(deployables: Deployable[], services: readonly ServiceEntry[]): string {
  return `# Generated from services.ts by \`${GENERATE_COMMAND}\`, as is every manifest listed here.
# One manifest per deployable. Overlays add the Secret, the photos claim, replicas and image tags;
# options (ingress, network policies, autoscaling) are components.
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
${deployables.map((deployable) => `  - ${deployable.name}.yaml`).join('\n')}
labels:
  - pairs:
      app.kubernetes.io/part-of: laundromat-finder
    includeTemplates: true
# Where the backing services live and how the services find each other. Credentials are not here:
# they come from the Secret laundry-secrets (see k8s/README.md).
configMapGenerator:
  - name: laundry-config
    literals:
      - NODE_ENV=production
      - LOG_LEVEL=info
      - POSTGRES_HOST=postgres
      - POSTGRES_PORT=5432
      - RABBITMQ_HOST=rabbitmq
      - RABBITMQ_PORT=5672
      - REDIS_URL=redis://redis:6379
${services.map((service) => `      - ${urlVariable(service.name)}=http://${service.name}:${service.port}`).join('\n')}
      # The gateway sits behind the cluster's ingress, whose pods have private addresses.
      - TRUST_PROXY=uniquelocal
`;
}

// ---------------------------------------------------------------- k8s/overlays

interface OverlayPolicy {
  image: (name: string) => string[];
  replicas: (deployable: Deployable) => number;
}

/** How each overlay names the images and how many of each it runs. */
const overlays = (version: string): Record<string, OverlayPolicy> => ({
  dev: { image: () => [`newTag: dev`], replicas: () => 1 },
  prod: {
    // Release pipelines set the real registry and tag with `kustomize edit set image` (k8s/README.md).
    image: (name) => [`newName: registry.example.com/laundry/${name}`, `newTag: ${version}`],
    replicas: (deployable) => deployable.deploy.replicas ?? DEFAULT_PRODUCTION_REPLICAS,
  },
});

/** Replaces a top-level key's block (from `key:` to the next line that starts in the first column). */
function replaceTopLevel(text: string, key: string, block: string, path: string): string {
  const pattern = new RegExp(`^${key}:\\n(?:[ \\t].*\\n|\\n)*`, 'm');
  if (!pattern.test(text)) throw new Error(`${path} has no top-level '${key}:' to fill in`);
  return text.replace(pattern, () => `${block}\n`);
}

function overlayKustomization(
  current: string,
  path: string,
  deployables: Deployable[],
  policy: OverlayPolicy,
) {
  const images = lines(
    'images:',
    deployables.flatMap((deployable) => {
      const [first, ...rest] = policy.image(deployable.name);
      return [`  - name: laundry/${deployable.name}`, `    ${first}`, ...rest.map((line) => `    ${line}`)];
    }),
  );
  const replicas = lines(
    'replicas:',
    deployables.flatMap((deployable) => [
      `  - name: ${deployable.name}`,
      `    count: ${policy.replicas(deployable)}`,
    ]),
  );
  return replaceTopLevel(replaceTopLevel(current, 'images', images, path), 'replicas', replicas, path);
}

function podDisruptionBudgets(deployables: Deployable[]): string {
  return `# Generated from services.ts by \`${GENERATE_COMMAND}\`.
# Node drains take at most one pod of each deployable at a time.
${deployables
  .map((deployable) =>
    lines(
      `apiVersion: policy/v1`,
      `kind: PodDisruptionBudget`,
      `metadata:`,
      `  name: ${deployable.name}`,
      `spec:`,
      `  maxUnavailable: 1`,
      `  selector:`,
      `    matchLabels:`,
      `      app: ${deployable.name}`,
    ),
  )
  .join('\n---\n')}
`;
}

// ---------------------------------------------------------------- databases

function postgresInit(services: readonly ServiceEntry[]): string {
  return `-- Generated from services.ts by \`${GENERATE_COMMAND}\`.
-- Runs once, on the first start of an empty PostgreSQL data directory (docker-entrypoint-initdb.d).
-- Each service owns one database; none reads another's.
${services.map((service) => `CREATE DATABASE laundry_${service.name};`).join('\n')}

${services.map((service) => `\\connect laundry_${service.name}\nCREATE EXTENSION IF NOT EXISTS postgis;`).join('\n')}
`;
}

// ---------------------------------------------------------------- all of them

export interface DeployFilesInput {
  services: readonly ServiceEntry[];
  /** The root package.json's version: the prod overlay's image tag. */
  version: string;
  /** A committed file's text (the overlays' kustomization.yaml, of which only some keys are made here). */
  read: (path: string) => string;
}

/** Every generated file by its path from the repository root, with the text it must have. */
export function deployFiles({ services, version, read }: DeployFilesInput): Map<string, string> {
  const deployables = deployablesOf(services);
  for (const service of services) {
    const index = services.indexOf(service);
    for (const callee of service.deploy?.calls ?? []) {
      const calleeIndex = services.findIndex((other) => other.name === callee);
      if (calleeIndex < 0 || calleeIndex > index) {
        throw new Error(
          `${service.name} calls ${callee}, which must be a service listed before it in services.ts`,
        );
      }
    }
  }
  const files = new Map<string, string>();
  files.set('docker-compose.yml', composeFile(deployables, services));
  for (const deployable of deployables)
    files.set(`${K8S_BASE}/${deployable.name}.yaml`, manifest(deployable));
  files.set(`${K8S_BASE}/kustomization.yaml`, baseKustomization(deployables, services));
  for (const [overlay, policy] of Object.entries(overlays(version))) {
    const path = `k8s/overlays/${overlay}/kustomization.yaml`;
    files.set(path, overlayKustomization(read(path), path, deployables, policy));
  }
  files.set('k8s/overlays/prod/pod-disruption-budgets.yaml', podDisruptionBudgets(deployables));
  // The dev overlay keeps a copy: kustomize reads no file outside the overlay.
  const init = postgresInit(services);
  files.set('scripts/docker/postgres-init.sql', init);
  files.set('k8s/overlays/dev/postgres-init.sql', init);
  return files;
}
