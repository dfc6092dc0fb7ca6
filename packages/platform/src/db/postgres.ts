import pg from 'pg';
import { createCommitHooks } from './commit-hooks.ts';
import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { assertSchemaName } from './schema-name.ts';
import { registerPoolProbe } from '../observability/metrics.ts';

export interface PostgresOptions {
  url: string;
  schema: string;
  logger: Logger;
  max?: number;
}

/**
 * Type parsing differs from pg's defaults in one place: int8 (count(*), bigserial) comes back as a JS
 * number, as PGlite does, so code behaves the same in both modes. Values above 2^53 would lose precision;
 * we have none. numeric stays a string (exact decimals), timestamps are Date (pg's default).
 */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** Several processes may create the extension and their schemas at once; a cluster-wide lock serialises that. */
const BOOTSTRAP_LOCK = 'laundry:bootstrap';

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const schema = assertSchemaName(options.schema);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    types: typeParsers,
    // A connection parameter rather than a SET per checkout: every pooled connection starts scoped.
    options: `-c search_path=${schema},public`,
  });
  pool.on('error', (err) => options.logger.error({ err }, 'idle postgres client failed'));

  // Open, idle and awaited connections, read at each scrape; the probe goes with the pool.
  const unregister = registerPoolProbe(schema, () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  const db = poolDb(pool, schema, unregister);
  await db.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [BOOTSTRAP_LOCK]);
    await tx.exec(
      `CREATE EXTENSION IF NOT EXISTS postgis SCHEMA public; CREATE SCHEMA IF NOT EXISTS ${schema}`,
    );
  });
  return db;
}

type Queryable = pg.Pool | pg.PoolClient;

async function run<R>(client: Queryable, sql: string, params?: readonly unknown[]): Promise<R[]> {
  const result = await client.query(sql, params as unknown[] | undefined);
  return result.rows as R[];
}

function poolDb(pool: pg.Pool, schema: string, unregister: () => void): Db {
  return {
    schema,
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql);
    },
    async tx(fn) {
      const client = await pool.connect();
      const hooks = createCommitHooks();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client, schema, hooks.add));
        await client.query('COMMIT');
        hooks.run();
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    afterCommit: (fn) => fn(),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => {
      unregister();
      return pool.end();
    },
  };
}

/** The Db handed to a transaction body; a nested tx() joins the outer transaction. */
function clientDb(client: pg.PoolClient, schema: string, afterCommit: (fn: () => void) => void): Db {
  const db: Db = {
    schema,
    kind: 'postgres',
    query: (sql, params) => run(client, sql, params),
    exec: async (sql) => {
      await client.query(sql);
    },
    tx: (fn) => fn(db),
    afterCommit,
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: async () => {
      throw new Error('close() the pool, not a transaction');
    },
  };
  return db;
}
