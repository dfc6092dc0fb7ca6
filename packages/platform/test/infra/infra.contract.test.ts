import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDistributedInfra } from '@laundry/platform/infra/distributed';
import { createEmbeddedInfra, type Infra } from '@laundry/platform/infra';
import { migrate } from '@laundry/platform/db';
import { DEFAULT_RETRY_DELAYS_MS, type EventEnvelope } from '@laundry/platform/bus';
import pg from 'pg';
import { deleteRabbitNamespace } from '../support/buses.ts';
import { available, eventually, silentLogger, uniqueName, urls } from '../support/servers.ts';

const namespace = `${uniqueName('infra')}.`;
const schema = uniqueName('infra');

const modes = [
  {
    name: 'distributed',
    unavailable: !available.postgres || !available.rabbit || !available.redis,
    create: () =>
      createDistributedInfra({
        databaseUrl: urls.database,
        amqpUrl: urls.amqp,
        redisUrl: urls.redis,
        logger: silentLogger,
        namespace,
      }),
  },
  {
    name: 'embedded',
    unavailable: false,
    create: () => createEmbeddedInfra({ dataDir: undefined, logger: silentLogger }),
  },
];

describe.each(modes.filter((variant) => !variant.unavailable))(
  'Infra in the $name mode',
  ({ create, name }) => {
    let infra: Infra;

    beforeAll(() => {
      infra = create();
    });

    afterAll(async () => {
      await infra?.close();
      if (name === 'distributed') {
        const client = new pg.Client({ connectionString: urls.database });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
        const queue = new Queue('infra-jobs', {
          connection: { url: urls.redis },
          prefix: `${namespace}bull`,
        });
        await queue.obliterate({ force: true });
        await queue.close();
        await deleteRabbitNamespace(namespace, ['infra-consumer', 'infra-producer'], DEFAULT_RETRY_DELAYS_MS);
      }
    });

    it('when a service opens its schema and migrates, then the platform tables exist and the db pings', async () => {
      const db = await infra.openDb(schema);
      await migrate(db, undefined, { logger: silentLogger });
      expect(await db.query('SELECT count(*) AS n FROM outbox')).toEqual([{ n: 0 }]);
      await expect(db.ping()).resolves.toBeUndefined();
    }, 120_000);

    it('when one service publishes, then another service of the same infra receives it', async () => {
      const received: EventEnvelope[] = [];
      const consumer = infra.bus('infra-consumer');
      consumer.subscribe('infra.checked.v1', async (event) => {
        received.push(event);
      });
      await consumer.start();
      const event = {
        id: randomUUID(),
        type: 'infra.checked.v1',
        occurredAt: new Date().toISOString(),
        producer: 'x',
        data: 1,
      };
      await infra.bus('infra-producer').publish(event);
      await eventually(() => received.some((got) => got.id === event.id));
      expect(infra.bus('infra-consumer')).toBe(consumer);
    });

    it('when a job is added through one handle, then the processor of the same queue name runs it', async () => {
      const seen: string[] = [];
      infra.jobs<string>('infra-jobs').process(async (data) => {
        seen.push(data);
      });
      await infra.jobs<string>('infra-jobs').add('hello');
      await eventually(() => seen.includes('hello'));
      expect(await infra.jobs('infra-jobs').ready()).toBe(true);
    });

    it('when a value is cached, then it is read back', async () => {
      await infra.cache.set('infra-key', { ok: true }, 30);
      expect(await infra.cache.get('infra-key')).toEqual({ ok: true });
      await infra.cache.del('infra-key');
    });
  },
);
