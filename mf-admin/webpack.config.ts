import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig, type ConfigFactory } from '@laundry/web-build';
import federation from './module-federation.config.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));

const config: ConfigFactory = (env, argv) =>
  createWebpackConfig({
    dir,
    federation,
    mode: argv.mode === 'development' ? 'development' : 'production',
    progress: env.progress,
  });

export default config;
