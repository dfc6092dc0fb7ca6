import os from 'node:os';

/** The product under measurement: `npm start` on its default port unless FINDER_URL says otherwise. */
export function finderUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.FINDER_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
}

// The Chromium and flags of the browser tests, under the names the benchmarks use.
export { chromiumFlags as chromeFlags, chromiumPath as chromePath } from '../../scripts/src/chromium.ts';

export function machineSummary(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  return `${os.availableParallelism()} CPUs (${cpu}), ${memory} GiB, ${os.type()} ${os.arch()}, Node ${process.version}`;
}
