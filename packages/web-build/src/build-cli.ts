#!/usr/bin/env tsx
import path from 'node:path';
import { buildWebApp } from './build-web-app.ts';

// Run from an app's folder (npm run build -w shell): builds that app into its dist/.
const mode = process.argv.includes('--development') ? 'development' : 'production';
const dir = process.cwd();
const { milliseconds, summary } = await buildWebApp(dir, mode);
if (summary.trim()) process.stderr.write(`${summary}\n`);
process.stdout.write(`${path.basename(dir)} built in ${(milliseconds / 1000).toFixed(1)} s\n`);
