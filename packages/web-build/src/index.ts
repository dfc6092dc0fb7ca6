export { createWebpackConfig, type WebAppOptions } from './create-webpack-config.ts';
export { sharedSingletons } from './shared-singletons.ts';
export { buildWebApp, type BuildEnv, type BuildResult, type ConfigFactory } from './build-web-app.ts';
export { watchWebApp, type WatchedBuild } from './watch-web-app.ts';
