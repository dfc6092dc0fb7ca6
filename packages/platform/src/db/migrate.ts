import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Db } from './db.ts';

const PLATFORM_MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));

interface Migration {
  name: string;
  sql: string;
  /** Of the statements alone: whole-line `--` comments are left out, so rewording one is not an edit. */
  checksum: string;
  /** Checksums an unedited file was recorded with before: of its whole text, or listed as earlier ones. */
  earlier: string[];
}

/**
 * A migrations folder may hold `earlier-checksums.json` ({ "file.sql": ["sha256", …] }): what databases
 * recorded for a file before its comments were reworded, so they take the new text as the same migration.
 */
const EARLIER_CHECKSUMS = 'earlier-checksums.json';

/**
 * Forward-only migrations: the platform's own tables (outbox, processed_events) first, then the *.sql
 * files of `dir` in name order, each in its own transaction and recorded in schema_migrations.
 * Processes starting at once serialise on a transaction-scoped advisory lock per schema, and each file
 * re-checks the ledger under that lock, so every file runs exactly once.
 */
export async function migrate(
  db: Db,
  dir: string | undefined,
  options: { logger: Logger },
): Promise<string[]> {
  const migrations = [
    ...(await readMigrations(PLATFORM_MIGRATIONS, 'platform/')),
    ...(dir ? await readMigrations(dir, '') : []),
  ];
  const lock = `migrate:${db.schema}`;
  // The ledger is named with its schema and every step re-states the search path: a pooled connection
  // that looked names up before another process created the schema must not keep a ledger in `public`
  // (a clean-clone run once saw every file applied twice).
  const ledger = `${db.schema}.schema_migrations`;
  const scoped = async (tx: Db) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    await tx.exec(`SET LOCAL search_path = ${db.schema}, public`);
  };

  await db.tx(async (tx) => {
    await scoped(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${ledger} (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });

  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.tx(async (tx) => {
      await scoped(tx);
      const [done] = await tx.query<{ checksum: string }>(`SELECT checksum FROM ${ledger} WHERE name = $1`, [
        migration.name,
      ]);
      if (done) {
        if (done.checksum !== migration.checksum && migration.earlier.includes(done.checksum)) {
          await tx.query(`UPDATE ${ledger} SET checksum = $2 WHERE name = $1`, [
            migration.name,
            migration.checksum,
          ]);
        } else if (done.checksum !== migration.checksum) {
          options.logger.warn(
            { migration: migration.name, schema: db.schema },
            'an applied migration was edited; it is not run again, add a new file instead',
          );
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO ${ledger} (name, checksum) VALUES ($1, $2)`, [
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) {
      applied.push(migration.name);
      options.logger.info({ migration: migration.name, schema: db.schema }, 'migration applied');
    }
  }
  return applied;
}

async function readMigrations(dir: string, prefix: string): Promise<Migration[]> {
  const entries = await readdir(dir);
  const files = entries.filter((file) => file.endsWith('.sql')).sort();
  const earlier: Record<string, string[]> = entries.includes(EARLIER_CHECKSUMS)
    ? JSON.parse(await readFile(path.join(dir, EARLIER_CHECKSUMS), 'utf8'))
    : {};
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(dir, file), 'utf8');
      return {
        name: prefix + file,
        sql,
        checksum: sha256(withoutCommentLines(sql)),
        earlier: [sha256(sql), ...(earlier[file] ?? [])],
      };
    }),
  );
}

function withoutCommentLines(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
