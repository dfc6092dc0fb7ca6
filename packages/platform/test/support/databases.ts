import pg from 'pg';
import { openPglite, type EmbeddedDatabase } from '@laundry/platform/db/pglite';
import { openPostgres } from '@laundry/platform/db/postgres';
import type { Db } from '@laundry/platform/db';
import { available, silentLogger, urls } from './servers.ts';

/**
 * Opens schemas on one kind of database and drops them all in cleanup(). One in-memory PGlite per test
 * file: it takes seconds to start.
 */
export interface DatabaseFixture {
  kind: 'postgres' | 'pglite';
  open(schema: string): Promise<Db>;
  cleanup(): Promise<void>;
}

export function postgresFixture(): DatabaseFixture {
  const opened: Db[] = [];
  const schemas = new Set<string>();
  return {
    kind: 'postgres',
    async open(schema) {
      const db = await openPostgres({ url: urls.database, schema, logger: silentLogger });
      opened.push(db);
      schemas.add(schema);
      return db;
    },
    async cleanup() {
      await Promise.all(opened.map((db) => db.close()));
      const client = new pg.Client({ connectionString: urls.database });
      await client.connect();
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

export function pgliteFixture(): DatabaseFixture {
  let database: Promise<EmbeddedDatabase> | undefined;
  return {
    kind: 'pglite',
    async open(schema) {
      database ??= openPglite({ dataDir: undefined, logger: silentLogger });
      return (await database).forSchema(schema);
    },
    async cleanup() {
      if (database) await (await database).close();
    },
  };
}

export const databaseFixtures = [
  { name: 'postgres', create: postgresFixture, unavailable: !available.postgres },
  { name: 'pglite', create: pgliteFixture, unavailable: false },
];
