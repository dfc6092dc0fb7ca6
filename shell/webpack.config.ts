import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
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
  // Only the shell owns the service worker and the web app manifest. A development build (npm run dev)
  // has no worker: its precache would keep serving the previous build after a reload.
  const serviceWorker = argv.mode !== 'development';
  webpackConfig.plugins = [
    ...(webpackConfig.plugins ?? []),
    new webpack.DefinePlugin({ __SERVICE_WORKER__: JSON.stringify(serviceWorker) }),
    ...(serviceWorker ? pwaPlugins() : pwaPlugins().slice(0, 1)),
  ];
  return webpackConfig;
};

export default config;
