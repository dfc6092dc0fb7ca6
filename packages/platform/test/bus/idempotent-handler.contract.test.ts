import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentHandler, type EventEnvelope } from '@laundry/platform/bus';
import { migrate, type Db } from '@laundry/platform/db';
import { databaseFixtures, type DatabaseFixture } from '../support/databases.ts';
import { silentLogger, uniqueName } from '../support/servers.ts';

function envelope(data: { amount: number }): EventEnvelope<{ amount: number }> {
  return {
    id: randomUUID(),
    type: 'payment.received.v1',
    occurredAt: new Date().toISOString(),
    producer: 'test',
    data,
  };
}

describe.each(databaseFixtures.filter((variant) => !variant.unavailable))(
  'idempotent consumer on $name',
  ({ create }) => {
    let fixture: DatabaseFixture;
    let db: Db;
    const balance = async () => (await db.query<{ total: number }>('SELECT total FROM balance'))[0]?.total;

    beforeAll(async () => {
      fixture = create();
      db = await fixture.open(uniqueName('idem'));
      await migrate(db, undefined, { logger: silentLogger });
      await db.exec('CREATE TABLE balance (total int NOT NULL); INSERT INTO balance VALUES (0);');
    }, 120_000);

    afterAll(async () => {
      await fixture?.cleanup();
    });

    const addToBalance = (consumer: string) =>
      idempotentHandler<EventEnvelope<{ amount: number }>>({
        db,
        consumer,
        handler: async (event, tx) => {
          await tx.query('UPDATE balance SET total = total + $1', [event.data.amount]);
        },
      });

    it('when the same event arrives twice, then its effect happens once', async () => {
      const handle = addToBalance('ledger');
      const before = await balance();
      const event = envelope({ amount: 5 });
      await handle(event);
      await handle(event);
      await Promise.all([handle(event), handle(event)]);
      expect(await balance()).toBe((before ?? 0) + 5);
    });

    it('when two consumers of one service get the same event, then each handles it once', async () => {
      const before = await balance();
      const event = envelope({ amount: 1 });
      await addToBalance('first')(event);
      await addToBalance('second')(event);
      await addToBalance('second')(event);
      expect(await balance()).toBe((before ?? 0) + 2);
    });

    it('when the handler throws, then nothing is recorded and a redelivery runs it again', async () => {
      const before = await balance();
      const event = envelope({ amount: 7 });
      let fail = true;
      const handle = idempotentHandler<EventEnvelope<{ amount: number }>>({
        db,
        consumer: 'flaky',
        handler: async (received, tx) => {
          await tx.query('UPDATE balance SET total = total + $1', [received.data.amount]);
          if (fail) throw new Error('downstream failed');
        },
      });
      await expect(handle(event)).rejects.toThrow('downstream failed');
      expect(await balance()).toBe(before);
      fail = false;
      await handle(event);
      expect(await balance()).toBe((before ?? 0) + 7);
    });
  },
);
