import { fileURLToPath } from 'node:url';
import {
  baseConfigSchema,
  loadConfig,
  migrate,
  openPglite,
  openPostgres,
  type Db,
  type Logger,
} from '@laundry/platform';

export const DIRECTORY_MIGRATIONS = fileURLToPath(
  new URL('../../services/directory/migrations/', import.meta.url),
);

export interface DirectoryDb {
  db: Db;
  close(): Promise<void>;
}

/**
 * The directory's database as the services see it: DATABASE_URL (schema DB_SCHEMA, default 'directory')
 * or, with no URL, the embedded PGlite database under DATA_DIR. Migrations are applied before use.
 */
export async function openDirectoryDb(
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DirectoryDb> {
  const config = loadConfig(baseConfigSchema, env);
  const schema = config.DB_SCHEMA ?? 'directory';
  let directory: DirectoryDb;
  if (config.DATABASE_URL) {
    const db = await openPostgres({ url: config.DATABASE_URL, schema, logger });
    directory = { db, close: () => db.close() };
  } else {
    const embedded = await openPglite({ dataDir: config.DATA_DIR, logger });
    directory = { db: embedded.forSchema(schema), close: () => embedded.close() };
  }
  await migrate(directory.db, DIRECTORY_MIGRATIONS, { logger });
  return directory;
}
