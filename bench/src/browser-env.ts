import os from 'node:os';

/** The product under measurement: `npm start` on its default port unless FINDER_URL says otherwise. */
export function finderUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.FINDER_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
}

/** Debian's Chromium, as the browser tests use it. */
export function chromePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROME_PATH ?? '/usr/bin/chromium';
}

/** Headless Chromium that reaches nothing but the page under test (the flags the browser tests use). */
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function machineSummary(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  return `${os.availableParallelism()} CPUs (${cpu}), ${memory} GiB, ${os.type()} ${os.arch()}, Node ${process.version}`;
}
