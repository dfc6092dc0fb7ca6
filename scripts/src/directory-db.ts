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
import { REVIEW_MIGRATIONS } from './seed-demo-reviews.ts';

export const DIRECTORY_MIGRATIONS = fileURLToPath(
  new URL('../../services/directory/migrations/', import.meta.url),
);

/** Where the data is, no more: a command that only loads data signs nothing and needs no secret. */
const databaseConfigSchema = baseConfigSchema.pick({ DATA_DIR: true, DATABASE_URL: true, DB_SCHEMA: true });

export interface DirectoryDb {
  db: Db;
  close(): Promise<void>;
}

export interface DemoDbs {
  directory: Db;
  review: Db;
  close(): Promise<void>;
}

/**
 * The services' databases as they see them: DATABASE_URL (the schema of each) or, with no URL, the embedded
 * PGlite database under DATA_DIR, which one process opens once for every schema. Migrations are applied.
 */
async function openSchemas(
  logger: Logger,
  env: NodeJS.ProcessEnv,
  wanted: ReadonlyArray<{ schema: string; migrations: string }>,
): Promise<{ dbs: Db[]; close(): Promise<void> }> {
  const config = loadConfig(databaseConfigSchema, env);
  let opened: { dbs: Db[]; close(): Promise<void> };
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    const dbs = await Promise.all(wanted.map(({ schema }) => openPostgres({ url, schema, logger })));
    opened = { dbs, close: async () => void (await Promise.all(dbs.map((db) => db.close()))) };
  } else {
    const embedded = await openPglite({ dataDir: config.DATA_DIR, logger });
    opened = { dbs: wanted.map(({ schema }) => embedded.forSchema(schema)), close: () => embedded.close() };
  }
  for (const [index, { migrations }] of wanted.entries())
    await migrate(opened.dbs[index]!, migrations, { logger });
  return opened;
}

/** The directory's database (schema DB_SCHEMA, default 'directory'). */
export async function openDirectoryDb(
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DirectoryDb> {
  const schema = loadConfig(databaseConfigSchema, env).DB_SCHEMA ?? 'directory';
  const { dbs, close } = await openSchemas(logger, env, [{ schema, migrations: DIRECTORY_MIGRATIONS }]);
  return { db: dbs[0]!, close };
}

/**
 * The directory's and the review service's databases, for the demo laundromats and their reviews
 * (DIRECTORY_DB_SCHEMA and REVIEW_DB_SCHEMA as `npm run start:distributed` names them).
 */
export async function openDemoDbs(logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<DemoDbs> {
  const { dbs, close } = await openSchemas(logger, env, [
    { schema: env.DIRECTORY_DB_SCHEMA ?? env.DB_SCHEMA ?? 'directory', migrations: DIRECTORY_MIGRATIONS },
    { schema: env.REVIEW_DB_SCHEMA ?? 'review', migrations: REVIEW_MIGRATIONS },
  ]);
  return { directory: dbs[0]!, review: dbs[1]!, close };
}
