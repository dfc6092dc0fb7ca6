import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGateway, type GatewayServer } from './support/gateway-server.ts';
import { staticRootWith } from './support/static-root.ts';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const CHECK = "document.documentElement.setAttribute('data-first-screen','on');";

/** A prerendered page as scripts/src/prerender-first-screen.ts writes it, cut down to what the gateway reads. */
const firstScreen = (language: string, styleSheet: string, kind = '') =>
  `<!doctype html><html lang="${language}"><head><script>${CHECK}</script>` +
  `<style data-href="${path.posix.basename(styleSheet)}" data-file="${styleSheet}">h1{}</style></head>` +
  `<body><div id="first-screen" inert>${language} ${kind}first screen</div><div id="root"></div></body></html>`;

describe('the prerendered first screen', () => {
  let staticRoot: string;
  let gateway: GatewayServer;

  beforeAll(async () => {
    staticRoot = await staticRootWith('gateway-first-screen-', {
      'shell/dist/index.html': INDEX_HTML,
      'shell/dist/app.0123abcd.css': 'body{}',
      'mf-finder/dist/home.89abcdef.css': 'h1{}',
      'shell/dist/first-screen/en.html': firstScreen('en', '/app.0123abcd.css'),
      'shell/dist/first-screen/fr.html': firstScreen('fr', '/mf-finder/home.89abcdef.css'),
      'shell/dist/first-screen/zh.html': firstScreen('zh', '/app.0123abcd.css'),
      // Its style sheet is gone (a remote was rebuilt alone): an unstyled screen must never be sent.
      'shell/dist/first-screen/es.html': firstScreen('es', '/mf-finder/home.00000000.css'),
      // Any other page as it loads, signed out and signed in (the latter not prerendered in Chinese here).
      'shell/dist/first-screen/page/en.html': firstScreen('en', '/app.0123abcd.css', 'page '),
      'shell/dist/first-screen/page/fr.html': firstScreen('fr', '/app.0123abcd.css', 'page '),
      'shell/dist/first-screen/page-signed-in/en.html': firstScreen('en', '/app.0123abcd.css', 'signed-in '),
      'shell/dist/first-screen/page-signed-in/fr.html': firstScreen('fr', '/app.0123abcd.css', 'signed-in '),
    });
    gateway = await startGateway({ env: { STATIC_ROOT: staticRoot } });
  });
  afterAll(async () => {
    await gateway?.stop();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  const open = (urlPath: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.baseUrl}${urlPath}`, { headers: { accept: 'text/html', ...headers } });

  test.each([
    ['no language asked for', {}, 'en first screen'],
    ['a French browser', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' }, 'fr first screen'],
    ['a Chinese browser', { 'accept-language': 'zh-CN' }, 'zh first screen'],
    ['an unsupported language first', { 'accept-language': 'de-DE, fr;q=0.5' }, 'fr first screen'],
    ['only unsupported languages', { 'accept-language': 'de-DE,de;q=0.9' }, 'en first screen'],
    ['a language chosen in the page', { 'accept-language': 'fr', cookie: 'i18next=zh' }, 'zh first screen'],
    ['a regional choice in the page', { cookie: 'theme=dark; i18next=fr-CA' }, 'fr first screen'],
  ])('when / is opened with %s, then that first screen is sent', async (_case, headers, expected) => {
    const response = await open('/', headers);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
    expect(await response.text()).toContain(expected);
  });

  test('when the page chose a language whose first screen is stale, then the plain index.html is sent', async () => {
    const response = await open('/', { cookie: 'i18next=es', 'accept-language': 'en' });

    expect(await response.text()).toBe(INDEX_HTML);
  });

  test.each([
    ['a signed-in visitor', '/', { cookie: 'sid=some.session.token' }, 'fr signed-in first screen'],
    ['a link with a query', '/?q=London', {}, 'fr page first screen'],
    ['another page', '/favorites', {}, 'fr page first screen'],
    ['a page of the shell itself', '/help', {}, 'fr page first screen'],
    ['a path the shell has no page for', '/no/such/page', {}, 'fr page first screen'],
    [
      'a signed-in advertiser',
      '/advertiser/dashboard',
      { cookie: 'i18next=fr; sid=some.session.token' },
      'fr signed-in first screen',
    ],
  ])(
    'when %s opens %s, then the screen of a page loading is sent, not the hero',
    async (_case, urlPath, headers, expected) => {
      const response = await open(urlPath, { 'accept-language': 'fr', ...headers });

      expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
      expect(await response.text()).toContain(expected);
    },
  );

  test('when no screen was prerendered in the language chosen, then the plain index.html is sent', async () => {
    const response = await open('/advertiser/dashboard', { cookie: 'i18next=zh; sid=some.session.token' });

    expect(await response.text()).toBe(INDEX_HTML);
  });

  test('when a first screen is sent, then the security policy allows its inline script and no other', async () => {
    const response = await open('/');
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    const hash = createHash('sha256').update(CHECK).digest('base64');

    expect(scriptSources).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy).not.toContain("'unsafe-inline';script");
  });
});
