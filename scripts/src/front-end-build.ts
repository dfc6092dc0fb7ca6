import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@laundry/platform';
import { buildWebApp } from '@laundry/web-build';
import { prerenderFirstScreen } from './prerender-first-screen.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const frontEndApps = ['shell', 'mf-finder', 'mf-advertiser', 'mf-admin'] as const;

/**
 * `npm install && npm start` on a fresh clone must serve the front end, so any app without a dist/
 * is built here (one at a time, with webpack's progress line) before the gateway starts.
 */
export async function buildMissingFrontEnds(logger: Logger): Promise<void> {
  const missing = frontEndApps.filter((app) => !existsSync(path.join(repoRoot, app, 'dist')));
  if (missing.length === 0) return;
  logger.info({ apps: missing }, 'building the front end (first start only)');
  for (const [index, app] of missing.entries()) {
    logger.info(`building ${app} (${index + 1}/${missing.length})`);
    // webpack's progress line redraws itself on a terminal; in a log file it would be a thousand lines.
    const progress = process.stderr.isTTY;
    const { milliseconds } = await buildWebApp(path.join(repoRoot, app), 'production', { progress });
    logger.info({ app, seconds: milliseconds / 1000 }, `built ${app}`);
  }
  // The prerendered first screen names the apps' hashed style sheets, so it is made again after any build.
  await prerenderFirstScreen(logger);
}
