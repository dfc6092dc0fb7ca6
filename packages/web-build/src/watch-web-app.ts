import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import type { ConfigFactory } from './build-web-app.ts';

export interface WatchedBuild {
  /** Stops watching; resolves once webpack has let go of its files. */
  close(): Promise<void>;
}

/**
 * Builds one app from its own webpack.config.ts with webpack's watch mode: every saved change is rebuilt
 * into the app's dist/, which the gateway serves as it is (npm run dev). Each build's outcome is reported;
 * a failed build is reported and the watch goes on, so the next save can fix it.
 */
export async function watchWebApp(
  dir: string,
  mode: 'production' | 'development',
  report: (line: string) => void,
): Promise<WatchedBuild> {
  const configModule = (await import(pathToFileURL(path.join(dir, 'webpack.config.ts')).href)) as {
    default: ConfigFactory;
  };
  const compiler = webpack(configModule.default({}, { mode }));
  const watching = compiler.watch({ aggregateTimeout: 200 }, (error, stats) => {
    if (error || !stats) {
      report(`build failed: ${error?.message ?? 'webpack returned no stats'}`);
      return;
    }
    const summary = stats.toString({ preset: 'errors-warnings', colors: false }).trim();
    const seconds = ((stats.endTime - stats.startTime) / 1000).toFixed(1);
    if (stats.hasErrors()) report(`build failed:\n${summary}`);
    else report(`built in ${seconds} s${summary ? `\n${summary}` : ''}`);
  });
  return {
    close: () => new Promise((resolve) => (watching ? watching.close(() => resolve()) : resolve())),
  };
}
