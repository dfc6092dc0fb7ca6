import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGateway, type GatewayServer } from './support/gateway-server.ts';
import { staticRootWith } from './support/static-root.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root">shell</div></body></html>';
const sha12 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

describe('with a built front end', () => {
  let staticRoot: string;
  let gateway: GatewayServer;

  beforeAll(async () => {
    staticRoot = await staticRootWith('gateway-static-', {
      'shell/dist/index.html': INDEX_HTML,
      'shell/dist/main.0123abcd.js': 'console.log("main");',
      'shell/dist/sw.js': 'self.addEventListener("fetch", () => {});',
      'shell/dist/chunk.0123abcd.mjs': 'export const chunk = 1;',
      'mf-finder/dist/remoteEntry.js': 'var finder;',
      'mf-finder/dist/src_App.89abcdef.js': 'var app;',
    });
    gateway = await startGateway({ env: { STATIC_ROOT: staticRoot } });
  });
  afterAll(async () => {
    await gateway?.stop();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  const get = (urlPath: string, accept = '*/*') =>
    fetch(`${gateway.baseUrl}${urlPath}`, { headers: { accept } });

  test.each([
    ['/main.0123abcd.js', IMMUTABLE],
    ['/mf-finder/src_App.89abcdef.js', IMMUTABLE],
    ['/', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/mf-finder/remoteEntry.js', 'no-cache'],
  ])('when %s is requested, then Cache-Control is %s', async (urlPath, cacheControl) => {
    const response = await get(urlPath, urlPath === '/' ? 'text/html' : '*/*');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
  });

  test('when / is requested, then the shell index.html is served', async () => {
    const response = await get('/', 'text/html');

    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">shell</div>');
  });

  test('when a page is requested, then it names each built remote by its entry and that build', async () => {
    const entry = `/mf-finder/remoteEntry.js?v=${sha12('var finder;')}`;

    const page = await (await get('/', 'text/html')).text();
    const manifest = await get('/remotes.json');

    expect(page).toContain(
      `<script type="application/json" id="lf-remotes">{"mf_finder":"${entry}"}</script>`,
    );
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ mf_finder: entry });
  });

  test('when a remote is rebuilt alone, then the next page loads its new build', async () => {
    await writeFile(path.join(staticRoot, 'mf-finder/dist/remoteEntry.js'), 'var finder2;');
    try {
      const page = await (await get('/', 'text/html')).text();

      expect(page).toContain(`/mf-finder/remoteEntry.js?v=${sha12('var finder2;')}`);
      expect(await (await get('/main.0123abcd.js')).text()).toBe('console.log("main");');
    } finally {
      await writeFile(path.join(staticRoot, 'mf-finder/dist/remoteEntry.js'), 'var finder;');
    }
  });

  test('when the service worker is requested, then it may control the whole site', async () => {
    const response = await get('/sw.js');

    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  test('when a .mjs file is requested, then it is served as JavaScript', async () => {
    const response = await get('/chunk.0123abcd.mjs');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
  });

  test.each(['/favorites', '/laundromats/0b7e1c1e-0000-4000-8000-000000000001', '/advertiser/campaigns'])(
    'when a page opens the client route %s, then it gets index.html',
    async (urlPath) => {
      const response = await get(urlPath, 'text/html,application/xhtml+xml');

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">shell</div>');
    },
  );

  test('when an unknown API path is requested as a page, then it stays a JSON 404', async () => {
    const response = await get('/api/unknown', 'text/html');

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('when a missing asset is requested by a script, then it is a 404 rather than index.html', async () => {
    const response = await get('/missing.0123abcd.js', 'application/javascript');

    expect(response.status).toBe(404);
  });
});

describe('without a built shell', () => {
  let staticRoot: string;
  let gateway: GatewayServer;

  beforeAll(async () => {
    staticRoot = await mkdtemp(path.join(tmpdir(), 'gateway-static-empty-'));
    gateway = await startGateway({ env: { STATIC_ROOT: staticRoot } });
  });
  afterAll(async () => {
    await gateway?.stop();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  test('when / is opened, then a page explains that the front end is not built and links the API', async () => {
    const response = await fetch(`${gateway.baseUrl}/`, { headers: { accept: 'text/html' } });
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('The web front end has not been built in this checkout.');
    expect(html).toContain('href="/api/login"');
  });

  test('when a client route is opened, then it is a 404', async () => {
    const response = await fetch(`${gateway.baseUrl}/favorites`, { headers: { accept: 'text/html' } });

    expect(response.status).toBe(404);
  });
});
