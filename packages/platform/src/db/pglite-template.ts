import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import type { Logger } from 'pino';

/**
 * A new PGlite cluster with PostGIS costs about 22 s of one core (initdb in WebAssembly, then CREATE
 * EXTENSION postgis); loading a copy of one made before costs about 6. Every fresh embedded database (a
 * first `npm start`, each browser-test product, each test file on the embedded path) starts from such a
 * copy: the data folder of an empty cluster with PostGIS, gzipped (6 MB), kept in the system's temporary
 * folder under the two packages' versions, like PostgreSQL's own template databases. A folder that already
 * holds a cluster opens as it is; a copy that cannot be read is deleted and the cluster made anew.
 */
export async function openFreshOrExisting(dataDir: string | undefined, logger: Logger): Promise<PGlite> {
  const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!fresh) return withPostgis(await PGlite.create({ dataDir, extensions: { postgis } }));

  const template = templatePath();
  const copy = await readFile(template).catch(() => undefined);
  if (copy) {
    // The folder may hold other things already (DATA_DIR keeps photos and secrets beside the database).
    const before = new Set(dataDir ? await readdir(dataDir).catch(() => []) : []);
    try {
      const loadDataDir = new Blob([copy]);
      return withPostgis(await PGlite.create({ dataDir, loadDataDir, extensions: { postgis } }));
    } catch (error) {
      logger.warn({ err: error, template }, 'the empty database copy could not be loaded; making a new one');
      await rm(template, { force: true });
      if (dataDir) await removeAllBut(dataDir, before);
    }
  }
  const pg = await withPostgis(await PGlite.create({ dataDir, extensions: { postgis } }));
  await keepCopy(pg, template).catch((error: unknown) =>
    logger.warn({ err: error, template }, 'the empty database copy could not be kept'),
  );
  return pg;
}

/** What the failed load wrote, and nothing that was there before it. */
async function removeAllBut(dir: string, keep: Set<string>): Promise<void> {
  for (const entry of await readdir(dir).catch(() => [])) {
    if (!keep.has(entry)) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

async function withPostgis(pg: PGlite): Promise<PGlite> {
  await pg.exec('CREATE EXTENSION IF NOT EXISTS postgis');
  return pg;
}

/** Written beside its final name and renamed, so a process reading it never sees half a file. */
async function keepCopy(pg: PGlite, template: string): Promise<void> {
  const dump = await pg.dumpDataDir('gzip');
  await mkdir(path.dirname(template), { recursive: true });
  const partial = `${template}.${process.pid}.${Date.now()}.part`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, template);
}

function templatePath(): string {
  const versions = ['@electric-sql/pglite', '@electric-sql/pglite-postgis'].map(packageVersion).join('-');
  return path.join(tmpdir(), 'laundry-pglite-template', `empty-postgis-${versions}.tar.gz`);
}

const require = createRequire(import.meta.url);

/** The installed version, read from the package.json above the package's entry point. */
function packageVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === name && parsed.version) return parsed.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json found for ${name}`);
    dir = parent;
  }
}
