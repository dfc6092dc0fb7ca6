import os from 'node:os';
import { createRequire } from 'node:module';
import type { Db } from '@laundry/platform';

export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  loadAverage: number[];
  node: string;
  postgres: string;
  postgis: string;
  autocannon: string;
  platform: string;
}

/** The machine itself (all a benchmark without a database records). */
export function hostFacts() {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export async function machineFacts(db: Db): Promise<MachineFacts> {
  const require = createRequire(import.meta.url);
  const [pg] = await db.query<{ version: string; postgis: string }>(
    `SELECT current_setting('server_version') AS version, public.postgis_lib_version() AS postgis`,
  );
  return {
    ...hostFacts(),
    postgres: pg?.version ?? 'unknown',
    postgis: pg?.postgis ?? 'unknown',
    autocannon: (require('autocannon/package.json') as { version: string }).version,
  };
}
