import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvent, PERSONAL_DATA_PATH, userDeletedV1 } from '@laundry/contracts';
import {
  baseConfigSchema,
  createDistributedInfra,
  createEmbeddedInfra,
  createService,
  defineService,
  INTERNAL_IDENTITY_HEADER,
  loadConfig,
  signInternalIdentity,
  type DefinedService,
  type Infra,
  type RetentionTask,
} from '@laundry/platform';
import { services, type ServiceEntry } from '../../services.ts';
import { declaredRetentionFile } from '../../scripts/src/declared-retention.ts';
import { deployFiles, K8S_BASE } from '../../scripts/src/deploy-files.ts';
import { available, eventually, silentLogger, urls } from '../support/servers.ts';
import { removeBrokerNamespace } from '../support/broker-cleanup.ts';

// A throwaway service, written as a new one would be: a folder (here in a temporary directory) with its
// migration, a definition that declares what it keeps about a person and the retention of its own data, and
// an entry beside services.ts's. The kit answers its export and its part of an erasure, and identity's list
// of policies and the deployment files take it in from the entry alone.

const realServers = available.postgres && available.rabbit && available.redis;
const ns = `t${randomBytes(4).toString('hex')}`;
const secret = randomBytes(32).toString('hex');
let folder: string;
let infra: Infra;
let service: DefinedService;
let baseUrl: string;

const notesRetention: RetentionTask = {
  dataType: 'notes',
  async applyBatch(db, cutoff, limit) {
    const rows = await db.query(
      `DELETE FROM notes WHERE id IN (SELECT id FROM notes WHERE created_at < $1 LIMIT $2) RETURNING id`,
      [cutoff, limit],
    );
    return rows.length;
  },
};

const notesConfigSchema = baseConfigSchema.extend({ PORT: z.coerce.number().int().default(0) });

function notesService(migrations: URL, options: { declareRetention?: boolean } = {}) {
  return defineService({
    name: 'notes',
    config: notesConfigSchema,
    migrations,
    wire: ({ db }) => ({ routes: () => {}, retention: { tasks: [notesRetention] }, db }),
    personalData: {
      export: async ({ db }, userId) => ({
        parts: { notes: await db.query('SELECT body FROM notes WHERE user_id = $1', [userId]) },
        files: [],
      }),
      erase: async (_wired, tx, { userId }) => ({
        notes: (await tx.query('DELETE FROM notes WHERE user_id = $1 RETURNING id', [userId])).length,
      }),
    },
    retention:
      options.declareRetention === false
        ? []
        : [
            {
              dataType: 'notes',
              action: 'delete',
              retentionPeriodDays: 365,
              legalBasis: 'Contract: the notes a person keeps',
            },
          ],
  });
}

const entry = (load: ServiceEntry['load']): ServiceEntry => ({
  name: 'notes',
  summary: 'Notes a person keeps about laundromats.',
  port: 4099,
  paths: /^\/api\/notes(\/|$)/,
  entry: 'services/notes/src/main.ts',
  load,
});

const configFor = (overrides: Record<string, string> = {}) =>
  loadConfig(notesConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    INTERNAL_SECRET: secret,
    BUS_NAMESPACE: `${ns}.`,
    DB_SCHEMA: realServers ? `${ns}_notes` : 'notes',
    RETENTION_INTERVAL_MS: '0',
    ...overrides,
  });

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'laundry-notes-'));
  await mkdir(path.join(folder, 'migrations'));
  await writeFile(
    path.join(folder, 'migrations', '0001_notes.sql'),
    `CREATE TABLE notes (
       id serial PRIMARY KEY, user_id uuid NOT NULL, body text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now());`,
  );
  infra = realServers
    ? createDistributedInfra({
        databaseUrl: urls.database,
        amqpUrl: urls.amqp,
        redisUrl: urls.redis,
        namespace: `${ns}.`,
        logger: silentLogger,
      })
    : createEmbeddedInfra({ dataDir: undefined, logger: silentLogger });
  service = await createService(notesService(pathToFileURL(`${folder}/migrations/`)), {
    config: configFor(),
    infra,
  });
  const { port } = await service.start({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await service?.stop();
  if (realServers) {
    await service?.db.exec(`DROP SCHEMA IF EXISTS ${ns}_notes CASCADE`);
    await removeBrokerNamespace(urls.amqp, `${ns}.`, ['notes', 'tester']);
  }
  await infra?.close();
  await rm(folder, { recursive: true, force: true });
});

const person = () => ({ id: randomUUID(), email: `${randomUUID()}@example.test`, role: 'user' as const });

describe('a new service on the kit', () => {
  it('when the gateway asks for a person’s data, then the kit answers with what the service declared', async () => {
    const someone = person();
    await service.db.query(`INSERT INTO notes (user_id, body) VALUES ($1, 'Machine 4 eats coins')`, [
      someone.id,
    ]);
    const response = await fetch(`${baseUrl}${PERSONAL_DATA_PATH}`, {
      headers: { [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(someone, secret, '127.0.0.1') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      parts: { notes: [{ body: 'Machine 4 eats coins' }] },
      files: [],
    });
    const unsigned = await fetch(`${baseUrl}${PERSONAL_DATA_PATH}`);
    expect([401, 403]).toContain(unsigned.status);
  });

  it('when an account is erased (user.deleted.v1), then the kit runs the service’s erasure once', async () => {
    const someone = person();
    const other = person();
    for (const id of [someone.id, other.id]) {
      await service.db.query(`INSERT INTO notes (user_id, body) VALUES ($1, 'Open late')`, [id]);
    }
    const tester = infra.bus('tester');
    await tester.start();
    const event = createEvent(userDeletedV1, 'identity', {
      userId: someone.id,
      erasedAt: new Date().toISOString(),
    });
    await tester.publish(event);
    await eventually(async () => {
      const rows = await service.db.query('SELECT 1 FROM notes WHERE user_id = $1', [someone.id]);
      return rows.length === 0;
    });
    const handled = await service.db.query(
      'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2',
      ['notes.user-deleted', event.id],
    );
    expect(handled).toHaveLength(1);
    expect(await service.db.query('SELECT 1 FROM notes WHERE user_id = $1', [other.id])).toHaveLength(1);
  });

  it('when its entry is added to the list, then identity’s policies and the deployment files take it in', async () => {
    const listed = [
      ...(services as readonly ServiceEntry[]),
      entry(async () => notesService(new URL('x:/'))),
    ];
    const policies = JSON.parse(await declaredRetentionFile(listed)) as {
      service: string;
      dataType: string;
    }[];
    expect(policies.filter((policy) => policy.service === 'notes').map((policy) => policy.dataType)).toEqual([
      'outbox-events',
      'processed-events',
      'notes',
    ]);
    const files = deployFiles({
      services: listed,
      version: '0.0.0',
      read: (file) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8'),
    });
    expect(files.has(`${K8S_BASE}/notes.yaml`)).toBe(true);
    expect(files.get('docker-compose.yml')).toMatch(/^ {2}notes:/m);
  });

  it('when a service lacks its personal data or a policy for its retention task, then it does not start', async () => {
    const migrations = pathToFileURL(`${folder}/migrations/`);
    const config = configFor({ DB_SCHEMA: realServers ? `${ns}_notes` : 'notes' });
    const withoutPolicy = notesService(migrations, { declareRetention: false });
    await expect(createService(withoutPolicy, { config, infra })).rejects.toThrow(
      /cleans up notes without a retention policy/,
    );
    const withoutPersonalData = { ...notesService(migrations), personalData: undefined as never };
    await expect(createService(withoutPersonalData, { config, infra })).rejects.toThrow(
      /declares no personalData/,
    );
  });
});
