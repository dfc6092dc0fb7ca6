import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig, type ConfigFactory } from '@laundry/web-build';
import federation from './module-federation.config.ts';
import { pwaPlugins } from './pwa.config.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));

const config: ConfigFactory = (env, argv) => {
  const webpackConfig = createWebpackConfig({
    dir,
    federation,
    mode: argv.mode === 'development' ? 'development' : 'production',
    progress: env.progress,
    htmlTemplate: './src/index.html',
  });
  // Only the shell owns the service worker and the web app manifest.
  webpackConfig.plugins = [...(webpackConfig.plugins ?? []), ...pwaPlugins()];
  return webpackConfig;
};

export default config;
