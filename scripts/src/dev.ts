import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { frontEndApps } from './front-end-build.ts';

/**
 * npm run dev: a webpack watcher per front-end app (development builds into each app's dist/) and, once
 * each has built, the embedded gateway (npm start) serving those dist/ folders. A saved change is rebuilt
 * in a few seconds and shows at the next reload. Every line is prefixed with who wrote it; Ctrl-C stops all.
 *
 *   --only mf-finder,shell   watch these apps only (the others are served as last built)
 *   --root <folder>          where the apps' folders are (default: the repository); the gateway's STATIC_ROOT
 *   --no-gateway             the watchers alone
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    root: { type: 'string', default: repoRoot },
    'no-gateway': { type: 'boolean', default: false },
  },
});
const root = path.resolve(values.root);
const apps = values.only
  ? values.only.split(',').filter((app): app is (typeof frontEndApps)[number] => {
      if ((frontEndApps as readonly string[]).includes(app)) return true;
      throw new Error(`--only: ${app} is not one of ${frontEndApps.join(', ')}`);
    })
  : [...frontEndApps];

const children: ChildProcess[] = [];
const width = Math.max(...[...apps, 'gateway'].map((name) => name.length));
const prefixed = (name: string, stream: NodeJS.ReadableStream, onLine?: (line: string) => void) =>
  createInterface({ input: stream }).on('line', (line) => {
    process.stdout.write(`[${name.padEnd(width)}] ${line}\n`);
    onLine?.(line);
  });

function start(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.on('exit', (code, signal) => {
    process.stdout.write(`[${name.padEnd(width)}] stopped (${signal ?? `exit ${code}`})\n`);
    if (!stopping) stopAll(code ?? 1);
  });
  return child;
}

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const buildCli = path.join(repoRoot, 'packages/web-build/src/build-cli.ts');
const firstBuilds = apps.map(
  (app) =>
    new Promise<void>((resolve) => {
      const child = start(
        app,
        tsx,
        [buildCli, '--development', '--watch'],
        path.join(root, app),
        process.env,
      );
      // Either outcome of the first build counts: a failed one is fixed while the rest runs.
      const onLine = (line: string) => {
        if (line.startsWith('built in') || line.startsWith('build failed')) resolve();
      };
      prefixed(app, child.stdout!, onLine);
      prefixed(app, child.stderr!);
    }),
);

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const left = children.filter((child) => child.exitCode === null && child.signalCode === null);
  let waiting = left.length;
  if (waiting === 0) process.exit(code);
  for (const child of left) child.on('exit', () => --waiting === 0 && process.exit(code));
  // A child that does not stop in time is not waited for.
  setTimeout(() => process.exit(code), 10_000).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

await Promise.all(firstBuilds);
if (!values['no-gateway'] && !stopping) {
  // The first builds are there, so npm start's build of a missing front end has nothing to do.
  const gateway = start('gateway', tsx, ['--no-memory-reducer', 'scripts/src/start.ts'], repoRoot, {
    ...process.env,
    STATIC_ROOT: root,
  });
  prefixed('gateway', gateway.stdout!);
  prefixed('gateway', gateway.stderr!);
}
