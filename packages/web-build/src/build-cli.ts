#!/usr/bin/env tsx
import path from 'node:path';
import { buildWebApp } from './build-web-app.ts';
import { watchWebApp } from './watch-web-app.ts';

// Run from an app's folder (npm run build -w shell): builds that app into its dist/. With --watch it
// stays and rebuilds on every change until stopped (npm run dev starts one per app).
const mode = process.argv.includes('--development') ? 'development' : 'production';
const dir = process.cwd();
if (process.argv.includes('--watch')) {
  const watching = await watchWebApp(dir, mode, (line) => process.stdout.write(`${line}\n`));
  const stop = () => void watching.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  const { milliseconds, summary } = await buildWebApp(dir, mode);
  if (summary.trim()) process.stderr.write(`${summary}\n`);
  process.stdout.write(`${path.basename(dir)} built in ${(milliseconds / 1000).toFixed(1)} s\n`);
}
