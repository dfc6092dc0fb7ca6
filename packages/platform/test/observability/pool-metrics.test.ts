import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@laundry/platform/db';
import { metricsRegistry, registerOutboxProbe } from '@laundry/platform/observability';
import { postgresFixture, type DatabaseFixture } from '../support/databases.ts';
import { uniqueName } from '../support/servers.ts';

// An outbox's backlog is read with a query at each scrape; the pool's gauge must not count that query as
// a caller waiting for a connection, or an alert on waiting callers would fire on every quiet service.
describe('laundry_db_pool_connections on PostgreSQL', () => {
  let fixture: DatabaseFixture;
  let db: Db;
  let schema: string;
  let unregister: () => void;

  beforeAll(async () => {
    fixture = postgresFixture();
    schema = uniqueName('pool_metrics');
    db = await fixture.open(schema);
    unregister = registerOutboxProbe(schema, async () => {
      const [row] = await db.query<{ pending: number }>('SELECT 0::int AS pending');
      return { pending: row?.pending ?? 0, oldestAgeSeconds: 0 };
    });
  }, 120_000);

  afterAll(async () => {
    unregister?.();
    await fixture?.cleanup();
  });

  it('when a quiet pool is scraped with an outbox probe querying it, then no caller is waiting', async () => {
    const text = await metricsRegistry.metrics();
    expect(text).toContain(`laundry_outbox_pending{service="${schema}"} 0`);
    expect(text).toMatch(
      new RegExp(`laundry_db_pool_connections\\{schema="${schema}",state="total"\\} [1-9]`),
    );
    expect(text).toContain(`laundry_db_pool_connections{schema="${schema}",state="waiting"} 0`);
  });
});
