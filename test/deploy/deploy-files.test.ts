import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IContainer } from 'kubernetes-models/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { services as serviceList } from '../../services.ts';
import { deployFiles, GENERATE_COMMAND, K8S_BASE, METRICS_PORT } from '../../scripts/src/deploy-files.ts';

// Validates the deployment files offline: no Docker engine or cluster is needed, only the
// docker-compose and kubectl binaries (.ci/run installs docker-compose; kubectl must be on the PATH).

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// What must be deployed comes from the one list of services: a service added there and not here fails.
const servicePorts: Record<string, number> = Object.fromEntries(
  serviceList.map((service) => [service.name, service.port]),
);
const services = Object.keys(servicePorts);
const workers = serviceList.flatMap((service) =>
  'worker' in service ? [{ ...service.worker, service: service.name }] : [],
);
const ocrWorker = 'photo-ocr-worker';
const deployablesWithPort = ['gateway', ...services];
const deployables = [...deployablesWithPort, ...workers.map((worker) => worker.name)];
const photoVolumeUsers = ['photo', ocrWorker];

interface DockerImage {
  dockerfile: string;
  target?: string;
  args?: Record<string, string>;
  port?: number;
  entry: string;
}

const dockerImages: Record<string, DockerImage> = {
  gateway: { dockerfile: 'gateway/Dockerfile', port: 8080, entry: 'gateway/src/main.ts' },
  // Every service and worker from the one parameterised services/Dockerfile.
  ...Object.fromEntries(
    serviceList.map((service) => [
      service.name,
      {
        dockerfile: 'services/Dockerfile',
        target: 'service',
        args: { SERVICE: service.name, PORT: String(service.port) },
        port: service.port,
        entry: service.entry,
      },
    ]),
  ),
  ...Object.fromEntries(
    workers.map((worker) => [
      worker.name,
      {
        dockerfile: 'services/Dockerfile',
        target: 'worker',
        args: { SERVICE: worker.service, WORKER: worker.entry },
        entry: worker.entry,
      },
    ]),
  ),
};

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  try {
    return execFileSync(command, args, {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `'${command}' is not installed or not on the PATH; it is needed to validate the deployment files ` +
          `(Debian: apt-get install docker-compose; kubectl from the Kubernetes packages).`,
      );
    }
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`'${command} ${args.join(' ')}' failed:\n${stderr}`);
  }
}

function readRepoFile(path: string): string {
  return readFileSync(join(repoRoot, path), 'utf8');
}

/** The Dockerfile's stages by name (lower case), each with the lines from its FROM to the next. */
function dockerStages(dockerfile: string): { name: string; text: string }[] {
  return dockerfile
    .split(/^(?=FROM\s)/im)
    .filter((chunk) => /^FROM\s/i.test(chunk))
    .map((text, index) => ({
      name: /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(text)?.[1]?.toLowerCase() ?? String(index),
      text,
    }));
}

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [field: string]: unknown;
}

type ModelClass = new (data: KubernetesObject) => { validate(): void };

/**
 * The model of a kind, from kubernetes-models; the Prometheus Operator's custom resources (ServiceMonitor,
 * PrometheusRule of the observability component) from its own models, so they are validated too.
 */
async function modelFor(apiVersion: string, kind: string): Promise<ModelClass> {
  let models: Record<string, unknown>;
  const modelPackage = apiVersion.startsWith('monitoring.coreos.com/')
    ? `@kubernetes-models/prometheus-operator/${apiVersion}`
    : `kubernetes-models/${apiVersion}`;
  try {
    models = (await import(/* @vite-ignore */ modelPackage)) as Record<string, unknown>;
  } catch {
    throw new Error(`kubernetes-models has no models for apiVersion ${apiVersion}`);
  }
  const model = models[kind];
  if (typeof model !== 'function') throw new Error(`kubernetes-models has no ${apiVersion} ${kind}`);
  return model as ModelClass;
}

function renderOverlay(overlay: string): KubernetesObject[] {
  return parseAllDocuments(run('kubectl', ['kustomize', `k8s/overlays/${overlay}`]))
    .map((document) => document.toJS() as KubernetesObject | null)
    .filter((object): object is KubernetesObject => object !== null);
}

function named<T extends KubernetesObject>(objects: KubernetesObject[], kind: string, name: string): T {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name}`);
  return found as T;
}

type Deployment = KubernetesObject & IDeployment;

function podSpec(deployment: Deployment) {
  const spec = deployment.spec?.template.spec;
  if (!spec) throw new Error(`Deployment ${deployment.metadata.name} has no pod spec`);
  return spec;
}

function firstContainer(deployment: Deployment): IContainer {
  const container = podSpec(deployment).containers[0];
  if (!container) throw new Error(`Deployment ${deployment.metadata.name} has no container`);
  return container;
}

describe('generated from services.ts', () => {
  const version = (JSON.parse(readRepoFile('package.json')) as { version: string }).version;
  const generated = deployFiles({ services: serviceList, version, read: readRepoFile });

  it.each([...generated.keys()])(
    'when %s is compared with what the list makes, then it is the same',
    (path) => {
      const committed = existsSync(join(repoRoot, path)) ? readRepoFile(path) : '(missing)';
      expect(committed, `${path} is out of date with services.ts: run \`${GENERATE_COMMAND}\``).toBe(
        generated.get(path),
      );
    },
  );

  it('when k8s/base is listed, then it holds only the manifests the list makes', () => {
    const manifests = readdirSync(join(repoRoot, K8S_BASE)).filter((name) => name.endsWith('.yaml'));
    const stale = manifests.filter((name) => !generated.has(`${K8S_BASE}/${name}`));
    expect(stale, `no deployable makes these any more: run \`${GENERATE_COMMAND}\``).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  let composeServices: Record<string, Record<string, unknown>>;

  const composeSecrets = ['SESSION_SECRET', 'INTERNAL_SECRET', 'POSTGRES_PASSWORD', 'RABBITMQ_PASSWORD'];
  const withoutSecrets = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !composeSecrets.includes(key)),
  );
  const withSecrets = {
    ...withoutSecrets,
    ...Object.fromEntries(composeSecrets.map((key) => [key, `${key.toLowerCase()}-${randomUUID()}`])),
  };

  beforeAll(() => {
    run('docker-compose', ['config', '-q'], withSecrets);
    composeServices = (
      parse(run('docker-compose', ['config'], withSecrets)) as { services: typeof composeServices }
    ).services;
  });

  it('when a secret is not set, then the compose file refuses to render and names it', () => {
    for (const key of composeSecrets) {
      const env = Object.fromEntries(Object.entries(withSecrets).filter(([name]) => name !== key));
      expect(() => run('docker-compose', ['config', '-q'], env), key).toThrow(new RegExp(`set ${key}`));
    }
  });

  it('when the compose file is checked, then every service, the gateway and the OCR worker are defined', () => {
    expect(Object.keys(composeServices)).toEqual(
      expect.arrayContaining([...deployables, 'postgres', 'rabbitmq', 'redis']),
    );
  });

  it('when the compose file is checked, then only the gateway publishes a port, 8080', () => {
    const publishing = Object.entries(composeServices).filter(([, service]) => service.ports !== undefined);
    expect(publishing.map(([name]) => name)).toEqual(['gateway']);
    const ports = composeServices.gateway?.ports as { target: number; published: number | string }[];
    expect(ports.map((port) => [String(port.published), port.target])).toEqual([['8080', 8080]]);
  });

  it('when the compose file is checked, then each deployable builds from its Dockerfile at the repository root', () => {
    for (const name of deployables) {
      const image = dockerImages[name];
      const build = composeServices[name]?.build as {
        context: string;
        dockerfile: string;
        target?: string;
        args?: Record<string, string>;
      };
      expect(build.context.replace(/\/$/, ''), name).toBe(repoRoot.replace(/\/$/, ''));
      expect(build.dockerfile, name).toBe(image?.dockerfile);
      expect(build.target, name).toBe(image?.target);
      expect(build.args, name).toEqual(image?.args);
    }
  });

  it('when the compose file is checked, then every deployable waits for healthy backing services', () => {
    for (const name of deployables) {
      const dependsOn = composeServices[name]?.depends_on as Record<string, { condition: string }>;
      for (const backing of ['postgres', 'rabbitmq', 'redis']) {
        expect(dependsOn[backing]?.condition, `${name} → ${backing}`).toBe('service_healthy');
      }
    }
    const gatewayDependsOn = composeServices.gateway?.depends_on as Record<string, { condition: string }>;
    for (const service of services) {
      expect(gatewayDependsOn[service]?.condition, `gateway → ${service}`).toBe('service_healthy');
    }
    for (const backing of ['postgres', 'rabbitmq', 'redis']) {
      expect(composeServices[backing]?.healthcheck, backing).toBeDefined();
    }
  });

  it('when the compose file is checked, then each service gets its own database and the shared settings', () => {
    for (const name of deployables) {
      const environment = composeServices[name]?.environment as Record<string, string>;
      // The gateway keeps no database of its own.
      if (name !== 'gateway') {
        const database = name === ocrWorker ? 'photo' : name;
        expect(environment.DATABASE_URL, name).toMatch(new RegExp(`@postgres:5432/laundry_${database}$`));
      }
      for (const key of ['AMQP_URL', 'REDIS_URL', 'INTERNAL_SECRET', 'LOG_LEVEL', 'NODE_ENV']) {
        expect(environment[key], `${name} ${key}`).toBeTruthy();
      }
    }
    const gatewayEnvironment = composeServices.gateway?.environment as Record<string, string>;
    for (const [service, port] of Object.entries(servicePorts)) {
      expect(gatewayEnvironment[`${service.toUpperCase()}_URL`]).toBe(`http://${service}:${port}`);
    }
  });

  it('when the compose file is checked, then every deployable serves metrics on METRICS_PORT, published nowhere', () => {
    for (const name of deployables) {
      const environment = composeServices[name]?.environment as Record<string, string>;
      expect(String(environment.METRICS_PORT), name).toBe(String(METRICS_PORT));
    }
  });

  it('when the compose file is checked, then the photo service and the OCR worker share the photos volume', () => {
    // docker-compose 1.x renders the short form "source:target:mode", Compose v2 the long form.
    type Volume = string | { source: string; target: string };
    for (const name of photoVolumeUsers) {
      const volumes = (composeServices[name]?.volumes as Volume[]).map((volume) =>
        typeof volume === 'string'
          ? volume.split(':').slice(0, 2).join(':')
          : `${volume.source}:${volume.target}`,
      );
      expect(volumes, name).toContain('photos:/var/lib/laundry/photos');
    }
  });
});

describe('Dockerfiles', () => {
  it('when the repository is checked, then it has a .dockerignore that keeps node_modules out of the context', () => {
    expect(readRepoFile('.dockerignore')).toMatch(/^\*\*\/node_modules$/m);
  });

  it.each(deployables)('when the %s image is checked, then its Dockerfile builds it as required', (name) => {
    const image = dockerImages[name];
    if (!image) throw new Error(`no image for ${name}`);
    expect(existsSync(join(repoRoot, image.dockerfile)), image.dockerfile).toBe(true);
    const dockerfile = readRepoFile(image.dockerfile);
    const stages = dockerStages(dockerfile);
    const stage = image.target ? stages.find((candidate) => candidate.name === image.target) : stages.at(-1);
    if (!stage) throw new Error(`${image.dockerfile} has no stage ${image.target}`);

    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(stages.length, 'multi-stage').toBeGreaterThan(1);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).not.toMatch(/^USER root/m);
    // What the build arguments make of the parameterised file: its ${ARG} references filled in.
    const text = stage.text.replace(/\$\{(\w+)\}/g, (whole, arg: string) => image.args?.[arg] ?? whole);
    const entryOf = (variable: string) =>
      new RegExp(`${variable}=(\\S+)`).exec(
        dockerfile.replace(/\$\{(\w+)\}/g, (w, a: string) => image.args?.[a] ?? w),
      )?.[1];
    if (image.port) {
      // A server keeps its heap between bursts of requests (docs/adr/0006-servers-without-memory-reducer.md).
      const command = image.args
        ? 'exec tsx --no-memory-reducer \\"$SERVICE_ENTRY\\"'
        : `"tsx", "--no-memory-reducer", "${image.entry}"`;
      expect(text).toContain(command);
      if (image.args) expect(entryOf('SERVICE_ENTRY'), name).toBe(image.entry);
      expect(text).toContain(`EXPOSE ${image.port}`);
      expect(text).toMatch(/HEALTHCHECK[\s\S]*\/alive/);
    } else {
      expect(text).toContain('exec tsx \\"$WORKER_ENTRY\\"');
      expect(entryOf('WORKER_ENTRY'), name).toBe(image.entry);
      expect(text).not.toMatch(/EXPOSE|HEALTHCHECK/);
    }
  });

  it('when the gateway image is checked, then it carries the list of services its route table reads', () => {
    expect(dockerStages(readRepoFile('gateway/Dockerfile')).at(-1)?.text).toMatch(
      /^COPY services\.ts \.\/$/m,
    );
  });

  it('when the services Dockerfile is built without a target, then it builds a service, not a worker', () => {
    expect(dockerStages(readRepoFile('services/Dockerfile')).at(-1)?.name).toBe('service');
  });

  it('when a service has a folder, then it has no Dockerfile of its own: one file builds them all', () => {
    for (const service of serviceList) {
      expect(existsSync(join(repoRoot, `services/${service.name}/Dockerfile`)), service.name).toBe(false);
    }
  });
});

describe.each(['dev', 'prod'])('k8s/overlays/%s', (overlay) => {
  let objects: KubernetesObject[];
  let deployments: Deployment[];

  beforeAll(() => {
    objects = renderOverlay(overlay);
    deployments = objects.filter((object): object is Deployment => object.kind === 'Deployment');
  });

  it('when rendered, then every object is valid against its Kubernetes schema', async () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const Model = await modelFor(object.apiVersion, object.kind);
      expect(() => new Model(object).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
  });

  it('when rendered, then every deployable has a Deployment and a ServiceAccount, and one with a port a Service', () => {
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual([...deployables].sort());
    for (const name of deployables) {
      named(objects, 'ServiceAccount', name);
      expect(podSpec(named<Deployment>(objects, 'Deployment', name)).serviceAccountName).toBe(name);
    }
    for (const name of deployablesWithPort) named(objects, 'Service', name);
  });

  // A patch naming the wrong container adds a second, image-less one instead of changing the first.
  it('when rendered, then every Deployment has exactly one container with an image', () => {
    for (const deployment of deployments) {
      const containers = podSpec(deployment).containers;
      expect(containers.length, deployment.metadata.name).toBe(1);
      expect(containers[0]?.image, deployment.metadata.name).toMatch(
        new RegExp(`laundry/${deployment.metadata.name}:`),
      );
    }
  });

  it('when rendered, then every Deployment runs as non-root on a read-only root file system with a writable /tmp', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const spec = podSpec(deployment);
      expect(spec.securityContext?.runAsNonRoot, name).toBe(true);
      for (const container of spec.containers) {
        expect(container.securityContext?.readOnlyRootFilesystem, name).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation, name).toBe(false);
        const tmpMount = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
        const tmpVolume = spec.volumes?.find((volume) => volume.name === tmpMount?.name);
        expect(tmpVolume?.emptyDir, `${name} /tmp`).toBeDefined();
      }
    }
  });

  it('when rendered, then every Deployment with a port has liveness on /alive and readiness on /ready', () => {
    for (const name of deployablesWithPort) {
      const container = firstContainer(named<Deployment>(objects, 'Deployment', name));
      expect(container.livenessProbe?.httpGet?.path, name).toBe('/alive');
      expect(container.readinessProbe?.httpGet?.path, name).toBe('/ready');
    }
    expect(
      firstContainer(named<Deployment>(objects, 'Deployment', ocrWorker)).ports?.map((port) => port.name),
    ).toEqual(['metrics']);
  });

  it('when rendered, then every Deployment serves metrics on a port named metrics, as METRICS_PORT says', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const container = firstContainer(deployment);
      const port = container.ports?.find((candidate) => candidate.name === 'metrics');
      expect(port?.containerPort, name).toBe(METRICS_PORT);
      const setting = container.env?.find((variable) => variable.name === 'METRICS_PORT');
      expect(setting?.value, name).toBe(String(METRICS_PORT));
    }
  });

  it('when rendered, then every deployable has a Service exposing its metrics port to the scraper', () => {
    for (const name of deployables) {
      const service = named<KubernetesObject & { spec: { ports: { name: string; targetPort: unknown }[] } }>(
        objects,
        'Service',
        name,
      );
      expect(service.spec.ports.find((port) => port.name === 'metrics')?.targetPort, name).toBe('metrics');
    }
  });

  it('when rendered, then every container has resource requests and limits', () => {
    for (const deployment of deployments) {
      for (const container of podSpec(deployment).containers) {
        const { requests, limits } = container.resources ?? {};
        const name = deployment.metadata.name;
        expect(requests?.cpu && requests.memory, `${name} requests`).toBeTruthy();
        expect(limits?.cpu && limits.memory, `${name} limits`).toBeTruthy();
      }
    }
  });

  // The schemas accept unknown fields, so a misindented secretKeyRef would still validate.
  it('when rendered, then every environment variable has a value or a reference', () => {
    for (const deployment of deployments) {
      for (const variable of firstContainer(deployment).env ?? []) {
        const reference = variable.valueFrom?.secretKeyRef ?? variable.valueFrom?.configMapKeyRef;
        expect(variable.value ?? reference?.key, `${deployment.metadata.name} ${variable.name}`).toBeTruthy();
      }
    }
  });

  it('when rendered, then the photo service and the OCR worker mount the photos claim the overlay defines', () => {
    named(objects, 'PersistentVolumeClaim', 'photos');
    for (const name of photoVolumeUsers) {
      const spec = podSpec(named<Deployment>(objects, 'Deployment', name));
      const volume = spec.volumes?.find(
        (candidate) => candidate.persistentVolumeClaim?.claimName === 'photos',
      );
      expect(volume, name).toBeDefined();
      const mount = spec.containers[0]?.volumeMounts?.find((candidate) => candidate.name === volume?.name);
      expect(mount?.mountPath, name).toBe('/var/lib/laundry/photos');
    }
  });

  it('when rendered, then the services read the shared settings and the secrets they need', () => {
    for (const deployment of deployments) {
      const container = firstContainer(deployment);
      const name = deployment.metadata.name;
      const configMap = container.envFrom?.[0]?.configMapRef?.name;
      expect(
        configMap && objects.some((o) => o.kind === 'ConfigMap' && o.metadata.name === configMap),
        name,
      ).toBe(true);
      const env = new Map((container.env ?? []).map((variable) => [variable.name, variable]));
      const keys = ['AMQP_URL', 'INTERNAL_SECRET', ...(name === 'gateway' ? [] : ['DATABASE_URL'])];
      for (const key of keys) expect(env.has(key), `${name} ${key}`).toBe(true);
      // Every overlay reads the Secret the cluster is given; none carries a value in the repository.
      expect(env.get('INTERNAL_SECRET')?.valueFrom?.secretKeyRef?.name, name).toBe('laundry-secrets');
    }
    for (const name of ['gateway', 'identity']) {
      expect(
        firstContainer(named<Deployment>(objects, 'Deployment', name)).env?.map((v) => v.name),
      ).toContain('SESSION_SECRET');
    }
  });

  it('when rendered, then no Secret is committed', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
  });
});

describe('database initialisation', () => {
  it('when the dev overlay is compared with compose, then both create the databases with the same script', () => {
    expect(readRepoFile('k8s/overlays/dev/postgres-init.sql')).toBe(
      readRepoFile('scripts/docker/postgres-init.sql'),
    );
  });
});
