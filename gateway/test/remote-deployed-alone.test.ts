import { rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { frontEnd } from '../src/static-assets.ts';
import { REMOTES_ELEMENT_ID } from '../src/remotes-manifest.ts';
import remotesManifestPlugin, {
  REMOTES_ELEMENT_ID as SHELL_REMOTES_ELEMENT_ID,
  readRemotesManifest,
} from '../../shell/src/federation/remotes-manifest-plugin.ts';
import { staticRootWith } from './support/static-root.ts';

/**
 * A remote deployed alone: only its dist/ changes, the shell's build stays as it was. The page the
 * gateway serves must then lead the shell's federation runtime (its manifest plugin, as it runs in the
 * browser) to the new build's entry, and that URL must answer with the new build.
 */
const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
/** The remotes as the shell's build gives them to the runtime (shell/module-federation.config.ts). */
const builtInRemotes = [
  { name: 'mf_finder', entry: '/mf-finder/remoteEntry.js' },
  { name: 'mf_advertiser', entry: '/mf-advertiser/remoteEntry.js' },
];
let staticRoot: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  staticRoot = await staticRootWith('remote-alone-', {
    'shell/dist/index.html': INDEX_HTML,
    'mf-finder/dist/remoteEntry.js': 'var mf_finder = "release 1";',
  });
  server = express().use(frontEnd(staticRoot).router).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
});

/** Opens the page as a browser would and returns the remotes the shell's runtime is then set up with. */
async function remotesTheShellLoads(): Promise<typeof builtInRemotes> {
  const page = await (await fetch(`${origin}/`, { headers: { accept: 'text/html' } })).text();
  const document = {
    getElementById: (id: string) => {
      const block = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(page);
      return block ? ({ textContent: block[1] } as HTMLElement) : null;
    },
  };
  const globalWithDocument = globalThis as { document?: unknown };
  globalWithDocument.document = document;
  try {
    const plugin = remotesManifestPlugin();
    const args = { userOptions: { name: 'shell', remotes: builtInRemotes }, options: {} } as never;
    const result = plugin.beforeInit!(args) as { userOptions: { remotes: typeof builtInRemotes } };
    expect(readRemotesManifest(document)).not.toEqual({});
    return result.userOptions.remotes;
  } finally {
    delete globalWithDocument.document;
  }
}

const entryOf = (remotes: typeof builtInRemotes, name: string) =>
  remotes.find((remote) => remote.name === name)!.entry;

test('the shell and the gateway agree on where the manifest is written', () => {
  expect(SHELL_REMOTES_ELEMENT_ID).toBe(REMOTES_ELEMENT_ID);
});

test('when a remote is rebuilt and deployed alone, then the unchanged shell loads its new build', async () => {
  const first = entryOf(await remotesTheShellLoads(), 'mf_finder');
  expect(first).toMatch(/^\/mf-finder\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
  expect(await (await fetch(`${origin}${first}`)).text()).toContain('release 1');

  await writeFile(path.join(staticRoot, 'mf-finder/dist/remoteEntry.js'), 'var mf_finder = "release 2";');

  const remotes = await remotesTheShellLoads();
  const second = entryOf(remotes, 'mf_finder');
  expect(second).not.toBe(first);
  expect(await (await fetch(`${origin}${second}`)).text()).toContain('release 2');
  // A remote the manifest does not name (not built here) keeps the entry the shell was built with.
  expect(entryOf(remotes, 'mf_advertiser')).toBe('/mf-advertiser/remoteEntry.js');
});
