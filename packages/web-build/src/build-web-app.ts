import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack, { type Configuration } from 'webpack';

export interface BuildEnv {
  /** Show webpack's progress line. */
  progress?: boolean;
}
export type ConfigFactory = (env: BuildEnv, argv: { mode: Configuration['mode'] }) => Configuration;

export interface BuildResult {
  milliseconds: number;
  summary: string;
}

/** Builds one app from its own webpack.config.ts (production unless told otherwise). */
export async function buildWebApp(
  dir: string,
  mode: 'production' | 'development' = 'production',
  env: BuildEnv = {},
): Promise<BuildResult> {
  const started = performance.now();
  const configModule = (await import(pathToFileURL(path.join(dir, 'webpack.config.ts')).href)) as {
    default: ConfigFactory;
  };
  const config = configModule.default(env, { mode });
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('webpack returned no stats'));
      else resolve(result);
    });
  });
  const summary = stats.toString({ preset: 'errors-warnings', colors: false });
  if (stats.hasErrors()) throw new Error(`${path.basename(dir)} failed to build:\n${summary}`);
  return { milliseconds: Math.round(performance.now() - started), summary };
}
