import type { Transaction } from '@electric-sql/pglite';
import { Mutex } from 'async-mutex';
import { createCommitHooks } from './commit-hooks.ts';
import { openFreshOrExisting } from './pglite-template.ts';
import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { assertSchemaName } from './schema-name.ts';

export interface PgliteOptions {
  /** A directory to persist in; undefined keeps the database in memory. */
  dataDir: string | undefined;
  logger: Logger;
}

export interface EmbeddedDatabase {
  /** A Db scoped to one schema (created on first use) of the shared database. */
  forSchema(schema: string): Db;
  close(): Promise<void>;
}

/**
 * One PGlite instance is one connection shared by every service of the process, and search_path is
 * connection state. So every statement or transaction takes one mutex and sets its schema's search_path
 * first. Types: int8 → number, numeric → string, timestamps → Date (PGlite's defaults, matched by the
 * pg adapter).
 *
 * Deadlock caveat: inside tx(), use only the tx handed to the body. Calling another Db of the same
 * database (or awaiting something that does) from inside a transaction waits for the mutex forever.
 */
export async function openPglite(options: PgliteOptions): Promise<EmbeddedDatabase> {
  const started = Date.now();
  const pg = await openFreshOrExisting(options.dataDir, options.logger);
  options.logger.info({ ms: Date.now() - started, dataDir: options.dataDir ?? 'memory' }, 'pglite ready');

  const mutex = new Mutex();
  const createdSchemas = new Set<string>();
  let currentSearchPath: string | undefined;
  let closed = false;

  // Runs with the mutex held; the SET happens outside any transaction so a rollback cannot undo it.
  async function useSchema(schema: string): Promise<void> {
    if (!createdSchemas.has(schema)) {
      await pg.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      createdSchemas.add(schema);
    }
    if (currentSearchPath !== schema) {
      await pg.exec(`SET search_path = ${schema}, public`);
      currentSearchPath = schema;
    }
  }

  function exclusive<T>(schema: string, fn: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new Error('The embedded database is closed'));
    return mutex.runExclusive(async () => {
      await useSchema(schema);
      return fn();
    });
  }

  function forSchema(name: string): Db {
    const schema = assertSchemaName(name);
    return {
      schema,
      kind: 'pglite',
      query: (sql, params) =>
        exclusive(schema, async () => (await pg.query(sql, params as unknown[] | undefined)).rows as never),
      exec: (sql) =>
        exclusive(schema, async () => {
          await pg.exec(sql);
        }),
      async tx(fn) {
        const hooks = createCommitHooks();
        const result = await exclusive(schema, () =>
          pg.transaction((tx) => fn(transactionDb(tx, schema, hooks.add))),
        );
        hooks.run();
        return result;
      },
      afterCommit: (fn) => fn(),
      ping: () =>
        exclusive(schema, async () => {
          await pg.query('SELECT 1');
        }),
      // The connection belongs to the process, not to one service: EmbeddedDatabase.close() ends it.
      close: async () => undefined,
    };
  }

  return {
    forSchema,
    async close() {
      await mutex.runExclusive(async () => {
        closed = true;
        await pg.close();
      });
    },
  };
}

function transactionDb(tx: Transaction, schema: string, afterCommit: (fn: () => void) => void): Db {
  const db: Db = {
    schema,
    kind: 'pglite',
    query: async (sql, params) => (await tx.query(sql, params as unknown[] | undefined)).rows as never,
    exec: async (sql) => {
      await tx.exec(sql);
    },
    tx: (fn) => fn(db),
    afterCommit,
    ping: async () => {
      await tx.query('SELECT 1');
    },
    close: async () => {
      throw new Error('close() the database, not a transaction');
    },
  };
  return db;
}
