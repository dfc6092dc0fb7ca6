import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createLogger, migrate, openPostgres, type Db } from '@laundry/platform';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIRECTORY_MIGRATIONS = fileURLToPath(
  new URL('../../../services/directory/migrations/', import.meta.url),
);

export interface TestDb {
  db: Db;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated directory schema on the real PostgreSQL server, for one test file (or another
 * service's schema, given its migrations folder).
 */
export async function createTestDb(prefix: string, migrations = DIRECTORY_MIGRATIONS): Promise<TestDb> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const logger = createLogger('test', 'silent');
  const db = await openPostgres({ url: DATABASE_URL, schema, logger, max: 4 });
  await migrate(db, migrations, { logger });
  return {
    db,
    async drop() {
      await db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}
