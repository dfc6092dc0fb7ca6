import { spawn, type ChildProcess } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { frontEnd } from '@laundry/gateway';

/**
 * npm run dev's watcher for one remote, on a copy of that remote (the checkout's own sources and dist/
 * are not touched), served by the gateway's own static router: a saved source change must reach the
 * served files within seconds, and Ctrl-C must stop the watcher.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const app = 'mf-admin';
let root: string;
let dev: ChildProcess;
let output = '';
let server: Server;
let origin: string;

/**
 * Asks until the check passes. A check that throws counts as not yet: a file read while webpack writes it
 * again is cut short ('other side closed'), as a reload in the middle of a rebuild would be.
 */
const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms: number) => {
  const until = Date.now() + ms;
  let lastError: unknown;
  const passes = async () => {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      return false;
    }
  };
  while (!(await passes())) {
    if (Date.now() > until)
      throw new Error(
        `no ${what} within ${ms / 1000} s (last error: ${String(lastError)}); dev output:\n${output}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** The served JavaScript files of the remote, fetched through the gateway. */
async function servedFiles(): Promise<Array<{ name: string; body: string; cacheControl: string | null }>> {
  const names = (await readdir(path.join(root, app, 'dist'))).filter((name) => name.endsWith('.js'));
  return Promise.all(
    names.map(async (name) => {
      const response = await fetch(`${origin}/${app}/${name}`);
      return { name, body: await response.text(), cacheControl: response.headers.get('cache-control') };
    }),
  );
}

beforeAll(async () => {
  // Outside node_modules, which webpack's watcher takes as never changing; the copy finds the checkout's
  // packages through a link, as the original does.
  root = await mkdtemp(path.join(tmpdir(), 'dev-watch-'));
  await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await cp(path.join(repoRoot, app), path.join(root, app), {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
  });
  dev = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['scripts/src/dev.ts', '--only', app, '--root', root, '--no-gateway'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('first build', () => output.includes(`[${app}`) && /built in/.test(output), 150_000);
  // As npm run dev does: the gateway starts once the first builds are there.
  const web = express().use(frontEnd(root).router);
  server = web.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  if (dev && dev.exitCode === null) dev.kill('SIGKILL');
  server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

test('a saved change in a remote is served, uncached, within seconds', async () => {
  const marker = `dev-watch-${randomUUID()}`;
  const before = await servedFiles();
  expect(before.find(({ name }) => name === 'remoteEntry.js')?.body).toContain('mf_admin');
  expect(before.some(({ body }) => body.includes(marker))).toBe(false);

  await appendFile(path.join(root, app, 'src/routes.ts'), `\nexport const devWatchMarker = '${marker}';\n`);
  const saved = Date.now();
  let withMarker: Awaited<ReturnType<typeof servedFiles>> = [];
  await waitFor(
    'rebuilt file with the marker',
    async () => {
      withMarker = (await servedFiles()).filter(({ body }) => body.includes(marker));
      return withMarker.length > 0;
    },
    30_000,
  );
  expect(Date.now() - saved).toBeLessThan(30_000);

  // Development names carry no hash, so the gateway must have the browser revalidate them.
  for (const file of withMarker) expect(file.cacheControl, file.name).toBe('no-cache');
}, 60_000);

test('Ctrl-C stops the watchers and the script', async () => {
  const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
  dev.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(output).toMatch(/\[mf-admin\] stopped/);
}, 20_000);
