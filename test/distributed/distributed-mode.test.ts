import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger, openPostgres, SESSION_COOKIE, type Db } from '@laundry/platform';
import { insertLaundromats } from '../../services/directory/src/infra/laundromat-bulk-insert.ts';
import { removeBrokerNamespace } from '../support/broker-cleanup.ts';
import { requireRealServers, type RealServers } from './support/real-servers.ts';
import { services } from '../../services.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ns = `t${randomBytes(4).toString('hex')}`;
/** The services the runner starts: those of the list with a definition (a skeleton is not started). */
const started = services.filter((service) => 'load' in service);
const schemaOf = (service: string) => `${ns}_${service}`;

/**
 * Marks an address proved, as its mailed link does (the mail and its link are tested with the identity
 * service; here it is only the way to a password sign-in, which an unproved address does not get).
 */
const proveAddress = (address: string) =>
  directoryDb.query(
    `UPDATE ${schemaOf('identity')}.users SET email_verified_at = now() WHERE lower(email) = lower($1)`,
    [address],
  );
const busNamespace = `${ns}.`;
const START_TIMEOUT_MS = 150_000;

let servers: RealServers;
let runner: ChildProcess;
let output = '';
/** Whether the runner said it restarted a process: the kept output is only its tail. */
let restartAnnounced = false;
/** Each started service's port, and the gateway's. */
let ports: Record<string, number>;
let baseUrl: string;
let directoryDb: Db;
const seeded = { london: '', manhattan: '' };

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * The runner moves the list's ports to start at SERVICE_BASE_PORT, so a run of them must be free. It is
 * looked for below the kernel's ephemeral range (32768 and up): a port found free there can be taken a moment
 * later as the local end of another test file's database or broker connection, and the service then cannot
 * listen on it for as long as that connection lives.
 */
const listPorts = services.map((service) => service.port);
const SERVICE_PORTS = Math.max(...listPorts) - Math.min(...listPorts) + 1;
async function freePortRun(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = 20_000 + Math.floor(Math.random() * (12_000 - SERVICE_PORTS - 1));
    const port = await listenOn(candidate);
    if (!port) continue;
    let free = true;
    // One more after the run, for the gateway.
    for (let next = 1; next <= SERVICE_PORTS && free; next++)
      free = (await listenOn(port + next)) !== undefined;
    if (free) return port;
  }
  throw new Error(`found no ${SERVICE_PORTS} neighbouring free ports`);
}

async function waitForGateway(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (runner.exitCode !== null) {
      throw new Error(`the runner exited with ${runner.exitCode} before the gateway was ready:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the gateway was not ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

/** The runner's descendants, from the process table, so the test sees real OS processes. */
async function descendantsOf(pid: number): Promise<Array<{ pid: number; ppid: number; args: string }>> {
  const { stdout } = await promisify(execFile)('ps', ['-A', '-o', 'pid=,ppid=,args=']);
  const table = stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }));
  const found: typeof table = [];
  const parents = [pid];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    for (const row of table.filter((candidate) => candidate.ppid === parent)) {
      found.push(row);
      parents.push(row.pid);
    }
  }
  return found;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A browser's cookie jar, reduced to the one cookie the product sets. */
function createCookieJar() {
  let session: string | undefined;
  return {
    header: (): Record<string, string> => (session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
    take(response: Response) {
      const set = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      if (!set) return;
      const value = set.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
      const expires = /expires=([^;]+)/i.exec(set)?.[1];
      const cleared = value === '' || (expires !== undefined && Date.parse(expires) <= Date.now());
      session = cleared ? undefined : value;
    },
    get session() {
      return session;
    },
  };
}

const jar = createCookieJar();
const email = `walker-${randomBytes(4).toString('hex')}@example.test`;
const password = 'correct horse battery';
let userId = '';

async function api(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      ...jar.header(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      // What a browser adds to a same-origin fetch from our own pages.
      'sec-fetch-site': 'same-origin',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  jar.take(response);
  return response;
}

beforeAll(async () => {
  servers = requireRealServers();
  const basePort = await freePortRun();
  ports = {
    ...Object.fromEntries(
      started.map((service) => [service.name, basePort + service.port - services[0].port]),
    ),
    gateway: basePort + SERVICE_PORTS,
  };
  baseUrl = `http://127.0.0.1:${ports.gateway}`;
  runner = spawn(process.execPath, ['--import', 'tsx', 'scripts/src/start-distributed.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      HOST: '127.0.0.1',
      PORT: String(ports.gateway),
      SERVICE_BASE_PORT: String(basePort),
      ...Object.fromEntries(
        started.map((service) => [`${service.name.toUpperCase()}_DB_SCHEMA`, schemaOf(service.name)]),
      ),
      BUS_NAMESPACE: busNamespace,
      SEED_DEMO_DATA: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    // Checked as it comes: on a slow machine the gateway's warnings while a process restarts can push the
    // runner's line out of the kept tail.
    if (output.includes('a process stopped; restarting it')) restartAnnounced = true;
  };
  runner.stdout!.on('data', keep);
  runner.stderr!.on('data', keep);
  await waitForGateway();

  directoryDb = await openPostgres({
    url: servers.databaseUrl,
    schema: schemaOf('directory'),
    logger: createLogger('distributed-test', 'silent'),
  });
  await insertLaundromats(directoryDb, [
    {
      name: 'Soho Suds',
      address: '12 Old Compton Street',
      city: 'London',
      country: 'United Kingdom',
      latitude: 51.5133,
      longitude: -0.131,
      sourceRef: 'london',
      source: 'test',
    },
    {
      name: 'Chelsea Wash',
      address: '8 West 28th Street',
      city: 'New York',
      country: 'United States',
      latitude: 40.7466,
      longitude: -73.9912,
      sourceRef: 'manhattan',
      source: 'test',
    },
    {
      name: 'Shibuya Coin Laundry',
      address: '1-1 Dogenzaka',
      city: 'Tokyo',
      country: 'Japan',
      latitude: 35.658,
      longitude: 139.7016,
      sourceRef: 'tokyo',
      source: 'test',
    },
  ]);
  const rows = await directoryDb.query<{ id: string; source_ref: string }>(
    "SELECT id, source_ref FROM laundromats WHERE source = 'test'",
  );
  for (const row of rows) {
    if (row.source_ref === 'london') seeded.london = row.id;
    if (row.source_ref === 'manhattan') seeded.manhattan = row.id;
  }
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  // Normally the last test has stopped everything; this is for a run that failed half-way.
  if (runner && runner.exitCode === null && runner.signalCode === null) {
    const children = await descendantsOf(runner.pid!);
    runner.kill('SIGTERM');
    if (!(await exited(runner, 20_000))) runner.kill('SIGKILL');
    for (const child of children) if (isRunning(child.pid)) process.kill(child.pid, 'SIGKILL');
  }
  if (directoryDb) {
    for (const service of started)
      await directoryDb.exec(`DROP SCHEMA IF EXISTS ${schemaOf(service.name)} CASCADE`);
    await directoryDb.close();
  }
  if (servers) {
    const redis = new Redis(servers.redisUrl);
    const keys = await redis.keys(`${busNamespace}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await removeBrokerNamespace(
      servers.amqpUrl,
      busNamespace,
      started.map((service) => service.name),
    );
  }
}, 60_000);

/** Every process the runner starts: the services, the OCR worker and the gateway. */
const entries = [
  ...started.flatMap((service) => [service.entry, ...('worker' in service ? [service.worker.entry] : [])]),
  'gateway/src/main.ts',
];

describe('the distributed mode, one process per service', () => {
  test('when the runner has started, then identity, directory, review and gateway are separate OS processes on their own ports', async () => {
    const children = (await descendantsOf(runner.pid!)).filter((child) => child.ppid === runner.pid);

    for (const entry of entries) {
      expect(
        children.filter((child) => child.args.includes(entry)),
        entry,
      ).toHaveLength(1);
    }
    expect(new Set(children.map((child) => child.pid)).size).toBe(children.length);
    for (const [service, port] of Object.entries(ports)) {
      const alive = await fetch(`http://127.0.0.1:${port}/alive`);
      expect(await alive.json()).toEqual({ status: 'alive', service });
    }
  });

  test('when a new user registers, then the account is created and the answer signs nobody in', async () => {
    const response = await api('/api/auth/register', {
      method: 'POST',
      body: { email, password, confirmAge13: true },
    });

    expect(response.status).toBe(202);
    expect(jar.session).toBeUndefined();
    await proveAddress(email);
  });

  test('when the user signs in, then a fresh session identifies them', async () => {
    const response = await api('/api/auth/login', { method: 'POST', body: { email, password } });

    expect(response.status).toBe(200);
    expect(jar.session).toBeDefined();
    userId = ((await response.json()) as { id: string }).id;
    const current = await api('/api/auth/user');
    expect(current.status).toBe(200);
    expect(await current.json()).toMatchObject({ id: userId, email });
  });

  test('when the user searches a place, then the nearest laundromat there comes first', async () => {
    const response = await api('/api/laundromats/search?q=London');

    expect(response.status).toBe(200);
    const body = (await response.json()) as { location: { latitude: number }; items: Array<{ id: string }> };
    expect(body.location.latitude).toBeCloseTo(51.5, 0);
    expect(body.items[0]?.id).toBe(seeded.london);
  });

  test('when the user searches a ZIP code, then the laundromat near it comes first', async () => {
    const response = await api('/api/laundromats/search?q=10001');

    expect(response.status).toBe(200);
    const body = (await response.json()) as { location: { latitude: number }; items: Array<{ id: string }> };
    expect(body.location.latitude).toBeCloseTo(40.75, 1);
    expect(body.items[0]?.id).toBe(seeded.manhattan);
  });

  test('when the user lists near a point, then the laundromats come nearest first', async () => {
    const response = await api('/api/laundromats?latitude=40.75&longitude=-73.99&limit=10');

    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: Array<{ id: string; name: string }> };
    expect(body.items.map((item) => item.name)).toEqual([
      'Chelsea Wash',
      'Soho Suds',
      'Shibuya Coin Laundry',
    ]);
  });

  test('when the user adds and removes a favorite, then the list follows', async () => {
    const listIds = async () => {
      const response = await api('/api/favorites');
      expect(response.status).toBe(200);
      const body = (await response.json()) as Array<{ laundromatId?: string; laundromat?: { id: string } }>;
      return JSON.stringify(body);
    };

    const added = await api('/api/favorites', { method: 'POST', body: { laundromatId: seeded.london } });
    expect(added.status).toBe(201);
    expect(await listIds()).toContain(seeded.london);
    expect((await api(`/api/favorites/${seeded.london}/check`)).status).toBe(200);

    const removed = await api(`/api/favorites/${seeded.london}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await listIds()).not.toContain(seeded.london);
  });

  test('when the user reviews a laundromat, then its rating and the user counters follow', async () => {
    const posted = await api(`/api/laundromats/${seeded.manhattan}/reviews`, {
      method: 'POST',
      body: { overallRating: 4, cleanlinessRating: 5 },
    });
    expect(posted.status).toBe(201);

    await expect
      .poll(
        async () => {
          const response = await api(`/api/laundromats/${seeded.manhattan}`);
          const body = (await response.json()) as { totalReviews: number; averageRating: number | null };
          return [body.totalReviews, body.averageRating];
        },
        { timeout: 15_000 },
      )
      .toEqual([1, 4]);
    await expect
      .poll(
        async () =>
          ((await (await api('/api/auth/user')).json()) as { reviewsWritten: number }).reviewsWritten,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const list = (await (await api(`/api/laundromats/${seeded.manhattan}/reviews`)).json()) as unknown[];
    expect(list).toMatchObject([{ overallRating: 4, authorName: 'Anonymous User' }]);
  });

  test('when the user submits a laundromat, then it waits as pending and its event reaches the broker', async () => {
    const response = await api('/api/laundromats', {
      method: 'POST',
      body: {
        name: 'Brick Lane Launderette',
        address: '100 Brick Lane',
        city: 'London',
        country: 'United Kingdom',
        latitude: 51.5205,
        longitude: -0.0717,
      },
    });

    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; status: string };
    expect(created.status).toBe('pending');
    const [row] = await directoryDb.query<{ status: string; submitted_by_id: string }>(
      'SELECT status, submitted_by_id FROM laundromats WHERE id = $1',
      [created.id],
    );
    expect(row).toEqual({ status: 'pending', submitted_by_id: userId });
    await expect
      .poll(
        async () => {
          const [outbox] = await directoryDb.query<{ published: boolean }>(
            "SELECT published_at IS NOT NULL AS published FROM outbox WHERE type = 'laundromat.submitted.v1'",
          );
          return outbox?.published;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  test('when the user signs out, then the session cookie is cleared and the API answers 401', async () => {
    const response = await api('/api/logout');

    expect(response.status).toBe(302);
    expect(jar.session).toBeUndefined();
    expect((await api('/api/auth/user')).status).toBe(401);
  });

  test('when a photo upload ends inside its file part (no closing boundary), then 400 and every process still runs', async () => {
    const uploader = {
      email: `uploader-${randomBytes(4).toString('hex')}@example.test`,
      password,
      confirmAge13: true,
    };
    expect((await api('/api/auth/register', { method: 'POST', body: uploader })).status).toBe(202);
    await proveAddress(uploader.email);
    expect((await api('/api/auth/login', { method: 'POST', body: uploader })).status).toBe(200);
    const before = await descendantsOf(runner.pid!);
    const boundary = 'XyZboundary';
    const response = await fetch(`${baseUrl}/api/photos`, {
      method: 'POST',
      headers: {
        ...jar.header(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'sec-fetch-site': 'same-origin',
      },
      body:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n${'x'.repeat(600)}`,
    });

    expect(response.status).toBe(400);
    const after = await descendantsOf(runner.pid!);
    for (const entry of entries) {
      const pids = (list: typeof after) =>
        list.filter((child) => child.args.includes(entry)).map((c) => c.pid);
      expect(pids(after), entry).toEqual(pids(before));
    }
  });

  test('when a service process dies, then the runner starts it again and the product answers again', async () => {
    const directoryEntry = 'services/directory/src/main.ts';
    const directoryProcess = () =>
      descendantsOf(runner.pid!).then((all) =>
        all.find((child) => child.ppid === runner.pid && child.args.includes(directoryEntry)),
      );
    const killed = (await directoryProcess())!;

    process.kill(killed.pid, 'SIGKILL');

    await expect
      .poll(async () => (await directoryProcess())?.pid ?? killed.pid, { timeout: 30_000, interval: 250 })
      .not.toBe(killed.pid);
    // Polled gently: the gateway's rate limits count these requests too.
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/laundromats/${seeded.london}`)).status, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(200);
    expect(runner.exitCode).toBeNull();
    expect(restartAnnounced, output).toBe(true);
  }, 90_000);

  test('when the runner gets SIGTERM, then it stops every service process it started', async () => {
    const descendants = await descendantsOf(runner.pid!);
    expect(descendants.filter((child) => entries.some((entry) => child.args.includes(entry)))).toHaveLength(
      entries.length,
    );

    runner.kill('SIGTERM');

    expect(await exited(runner, 20_000)).toBe(true);
    expect(runner.exitCode).toBe(0);
    // tsx's esbuild helpers notice their parent has gone a moment later, so give them a few seconds.
    await expect
      .poll(() => descendants.filter((child) => isRunning(child.pid)), { timeout: 5_000 })
      .toEqual([]);
    expect(
      await fetch(`${baseUrl}/alive`).then(
        () => 'answering',
        () => 'stopped',
      ),
    ).toBe('stopped');
  }, 30_000);
});
