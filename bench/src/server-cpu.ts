import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { generateDemoLaundromats } from '../../scripts/src/demo-data.ts';
import { roundTo } from './statistics.ts';

/** The path the server benchmarks ask for: a nearest-50 search, as the finder sends it. */
export const LIST_PATH = '/api/laundromats?latitude=48.85&longitude=2.35&limit=50';

/** A page of 50 laundromats as the directory would answer it (about 60 KB of JSON). */
export function listAnswer(): Buffer {
  const items = generateDemoLaundromats({ count: 50, seed: 7 }).map((row, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ...row,
    distanceMeters: 100 * i,
  }));
  return Buffer.from(JSON.stringify({ items, nextCursor: null }));
}

/** A loopback port free at the moment of asking, for a server process about to be started. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** User + system CPU time of a process in milliseconds, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

export interface ServerLoad {
  requestsPerSecond: number;
  /** The server process's CPU time per answered request. */
  cpuMsPerRequest: number;
  p99: number;
}

/** `connections` autocannon clients on LIST_PATH for `duration` seconds; the server's CPU per request. */
export async function loadServer(
  url: string,
  pid: number,
  duration: number,
  connections: number,
): Promise<ServerLoad> {
  const before = cpuMs(pid);
  const result = await autocannon({ url: `${url}${LIST_PATH}`, connections, duration });
  const ok = result['2xx'];
  if (ok === 0 || result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} errors`);
  return {
    requestsPerSecond: Math.round((ok / result.duration) * 10) / 10,
    cpuMsPerRequest: roundTo((cpuMs(pid) - before) / ok, 3),
    p99: result.latency.p99,
  };
}
