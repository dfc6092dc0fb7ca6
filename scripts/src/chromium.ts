/**
 * Debian's Chromium as every tool here runs it (browser tests, the first-screen prerender, benchmarks):
 * headless, reaching nothing but the page under test. Without the background-networking flags it keeps
 * trying Google's hosts, which this machine's closed network refuses.
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROME_PATH ?? '/usr/bin/chromium';
}

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
