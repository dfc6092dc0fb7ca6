import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { chromium } from 'playwright-core';
import { builtFilePath, FIRST_SCREEN_FOLDER, frontEnd } from '@laundry/gateway';
import { createLogger, type Logger } from '@laundry/platform';
import { chromiumFlags, chromiumPath } from './chromium.ts';
import { languageStorageKey, supportedLanguages } from '../../packages/ui/src/i18n/languages.ts';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../shell/src/consent/cookie-consent-rules.ts';
import { CONSENT_POLICY_VERSION } from '@laundry/contracts/consent-version';

/**
 * Writes the first screens the gateway sends in the HTML, as the built app itself renders them in Chromium, so
 * a visitor sees a page before any JavaScript has run, and the app replaces it, in one frame, with its first
 * render (shell/src/first-screen.ts):
 *
 * - shell/dist/first-screen/<language>.html: the home page of a signed-out first visit (header, hero, the
 *   list's loading state, the cookie banner);
 * - shell/dist/first-screen/page/<language>.html and page-signed-in/<language>.html: any other page the shell
 *   serves, as it shows while its page loads (the header, signed out or in, the page's spinner, the footer and
 *   the cookie banner).
 *
 * Until then a screen is inert and hidden from assistive technology (and from tests that find elements by
 * role): nothing in it works yet. Without Chromium it writes nothing and the gateway serves the plain
 * index.html.
 *
 *   npm run prerender        (part of npm run build)
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shellDist = path.join(repoRoot, 'shell/dist');
export const firstScreenFolder = path.join(shellDist, FIRST_SCREEN_FOLDER);

/** The screen is laid out by its style sheets; markup alone does not depend on the width, so any will do. */
const viewport = { width: 412, height: 823 };

/**
 * The kinds of first screen. `folder` is where a kind's pages lie under first-screen/ (the gateway reads the
 * same names); `path` is the address the app is opened at to render it.
 */
export interface FirstScreenKind {
  folder: '' | 'page' | 'page-signed-in';
  path: string;
  signedIn: boolean;
  /** Only on the home page: its screen shows the hero, which is wrong anywhere else. */
  onlyAtPath?: string;
}

/**
 * Every page but the signed-out home is taken at the advertiser's dashboard with no remote's code ever
 * arriving: the header and footer are the shell's, and the page shows its loading spinner, as every page of the
 * shell does until its code is there. No nav link is current at that address.
 */
export const firstScreenKinds: readonly FirstScreenKind[] = [
  { folder: '', path: '/', signedIn: false, onlyAtPath: '/' },
  { folder: 'page', path: '/advertiser/dashboard', signedIn: false },
  { folder: 'page-signed-in', path: '/advertiser/dashboard', signedIn: true },
];

/** Who is signed in, for the signed-in screen: only the shape matters, as the person's initial is blanked. */
const someone = {
  id: '00000000-0000-4000-8000-000000000000',
  email: 'someone@example.test',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  contributorBadge: null,
  role: 'user',
  emailVerified: true,
};

/** GET /api/me/consent for an account that holds no choice yet. */
const noRecordedConsent = {
  consent: null,
  consentVersion: null,
  currentVersion: CONSENT_POLICY_VERSION,
  recordedAt: null,
};

interface Snapshot {
  dir: string;
  styleSheets: string[];
  html: string;
}

/**
 * Runs in the page: the rendered #root, made safe to show beside the live page for a moment. Ids and the
 * references to them go (the live page has the same ones), and so do test ids; form fields are disabled, as
 * they would not keep what is typed before the swap. The cookie banner is marked so the inline check can hide
 * it from a visitor who has already chosen.
 */
function snapshotOfRoot(): Snapshot {
  const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
  root
    .querySelector('section[aria-labelledby="cookie-banner-title"]')
    ?.setAttribute('data-first-screen-part', 'consent');
  // A signed-in screen is the same for everyone: the avatar's initial is not known before the page asks.
  for (const avatar of Array.from(root.querySelectorAll('header [aria-haspopup="menu"]'))) {
    avatar.replaceChildren(...Array.from(avatar.children).map((child) => child.cloneNode(false)));
  }
  const references = [
    'id',
    'for',
    'aria-labelledby',
    'aria-describedby',
    'aria-controls',
    'data-testid',
    'name',
  ];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const name of references) element.removeAttribute(name);
    if (element.matches('input, select, textarea')) element.setAttribute('disabled', '');
  }
  return {
    dir: document.documentElement.dir || 'ltr',
    styleSheets: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map(
      (link) => new URL(link.href).pathname,
    ),
    html: root.innerHTML,
  };
}

/**
 * Decides before the first paint whether the prerendered screen fits this visit: only in the language the app
 * will pick (a choice stored in this browser wins), the home page's only at `/`, and without the cookie banner
 * once the visitor has answered it. The gateway allows exactly these scripts by their hashes.
 */
export function firstScreenCheck(language: string, onlyAtPath?: string): string {
  const atPath = onlyAtPath === undefined ? '' : `location.pathname===${JSON.stringify(onlyAtPath)}&&`;
  return `(function(){var d=document.documentElement,s='off';try{var l=localStorage.getItem(${JSON.stringify(
    languageStorageKey,
  )});if(${atPath}(!l||l.split('-')[0]===${JSON.stringify(
    language,
  )}))s=localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_STORAGE_KEY)})?'answered':'on'}catch(e){}d.setAttribute('data-first-screen',s)})();`;
}

const firstScreenStyle =
  'html[data-first-screen=off] #first-screen{display:none}' +
  'html[data-first-screen=answered] #first-screen [data-first-screen-part=consent]{display:none}';

/**
 * A style sheet written into the page, so the first paint waits for no request. `data-href` is the name the
 * app's chunk loader looks for before it adds a sheet (mini-css-extract), so the app does not fetch it again;
 * `data-file` is where it lies, for the gateway's check that the page is not stale.
 */
async function inlineStyleSheet(href: string): Promise<string> {
  const css = (await readFile(builtFilePath(repoRoot, href), 'utf8')).replace(
    /\/\*# sourceMappingURL=[^*]*\*\/\s*$/,
    '',
  );
  if (css.includes('</style')) throw new Error(`${href} cannot be written into a <style> element`);
  return `<style data-href="${path.posix.basename(href)}" data-file="${href}">${css}</style>`;
}

/** The shell's entry script as html-webpack-plugin writes it into index.html (minified attributes). */
const ENTRY_SCRIPT = /<script defer(?:="defer")? src="?([^" >]+)"?><\/script>/;

/**
 * The entry script is requested once the first screen has been painted (a frame later, or after 500 ms in a
 * tab that draws no frames): that paint then never waits for, or competes with, the JavaScript.
 */
function entryAfterFirstPaint(src: string): string {
  return `(function(){var done=false;function load(){if(done)return;done=true;var s=document.createElement('script');s.src=${JSON.stringify(
    src,
  )};document.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(load)});setTimeout(load,500)})();`;
}

/**
 * index.html without its links to the style sheets that are written into the page: each would otherwise hold
 * the first paint until it arrives, for styles that are already there.
 */
export function withoutLinksTo(html: string, inlined: readonly string[]): string {
  return html.replace(/<link\b[^>]*>/g, (link) => {
    const href = /\shref="?([^"\s>]+)/.exec(link)?.[1];
    const isStyleSheet = /\srel="?stylesheet\b/.test(link);
    return isStyleSheet && href && inlined.includes(href.split('?')[0] ?? href) ? '' : link;
  });
}

/** The built index.html with the snapshot in front of the (empty) #root. */
export async function firstScreenPage(
  indexHtml: string,
  language: string,
  snapshot: Snapshot,
  onlyAtPath?: string,
): Promise<string> {
  const head = [
    `<script>${firstScreenCheck(language, onlyAtPath)}</script>`,
    `<style>${firstScreenStyle}</style>`,
    ...(await Promise.all(snapshot.styleSheets.map(inlineStyleSheet))),
  ].join('');
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('shell/dist/index.html has no deferred entry script');
  const withHead = withoutLinksTo(indexHtml, snapshot.styleSheets)
    .replace(ENTRY_SCRIPT, () => `<script>${entryAfterFirstPaint(entry)}</script>`)
    .replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${snapshot.dir}">`)
    .replace('</head>', () => `${head}</head>`);
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(withHead))
    throw new Error('shell/dist/index.html has no empty #root to put the first screen before');
  return withHead.replace(
    root,
    (match) => `<div id="first-screen" inert aria-hidden="true">${snapshot.html}</div>${match}`,
  );
}

/**
 * The browser of a first visit in `language`: the language chosen in local storage, and the location prompt
 * not answered yet (no position, no refusal), so the screen shows neither.
 */
function firstVisitScript(language: string): string {
  return `localStorage.setItem(${JSON.stringify(languageStorageKey)}, ${JSON.stringify(language)});
Object.defineProperty(navigator, 'geolocation', {
  value: { getCurrentPosition: () => 0, watchPosition: () => 0, clearWatch: () => undefined },
});`;
}

/**
 * Serves the built front end as the gateway does (the first-screen folder is emptied first, so `/` is the
 * plain index.html); the API answers as for a signed-out first visit whose lists are still loading.
 */
async function serveBuiltApp(): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.get('/api/auth/user', (_req, res) => {
    res.status(401).json({ message: 'Unauthorized' });
  });
  app.use('/api', () => {
    // Never answered: the screen is taken with its lists loading, as a visitor first sees them.
  });
  app.use(frontEnd(repoRoot).router);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

export async function prerenderFirstScreen(logger: Logger): Promise<string[]> {
  await rm(firstScreenFolder, { recursive: true, force: true });
  const chromePath = chromiumPath();
  if (!existsSync(chromePath)) {
    logger.warn({ chromePath }, 'no Chromium here: the first screen is not prerendered (set CHROME_PATH)');
    return [];
  }
  const indexHtml = await readFile(path.join(shellDist, 'index.html'), 'utf8');
  const site = await serveBuiltApp();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromiumFlags,
  });
  const written: string[] = [];
  try {
    for (const kind of firstScreenKinds) {
      const folder = path.join(firstScreenFolder, kind.folder);
      await mkdir(folder, { recursive: true });
      for (const language of supportedLanguages) {
        const context = await browser.newContext({ viewport, locale: language, serviceWorkers: 'block' });
        // Given as text: functions compiled here may carry helpers of the TypeScript runner the page lacks.
        await context.addInitScript(firstVisitScript(language));
        if (kind.signedIn) {
          await context.route('**/api/auth/user', (route) => route.fulfill({ json: someone }));
          // The banner asks a signed-in person only once the account is known to hold no choice.
          await context.route('**/api/me/consent', (route) => route.fulfill({ json: noRecordedConsent }));
        }
        if (kind.path !== '/') {
          // The page's code never arrives, so the screen is the page loading (the route is left unanswered).
          await context.route(/\/mf-(finder|advertiser|admin)\//, () => undefined);
        }
        const page = await context.newPage();
        await page.goto(new URL(kind.path, site.url).href);
        await page.locator(kind.path === '/' ? '#root h1' : '#root main [role="status"]').waitFor();
        if (kind.signedIn) await page.locator('#root header [aria-haspopup="menu"]').waitFor();
        await page.locator('#root [aria-labelledby="cookie-banner-title"]').waitFor();
        const snapshot = await page.evaluate(snapshotOfRoot);
        await context.close();
        const file = path.join(folder, `${language}.html`);
        await writeFile(file, await firstScreenPage(indexHtml, language, snapshot, kind.onlyAtPath));
        written.push(file);
        logger.info(`first screen ${written.length}: ${kind.folder || 'home'} ${language}`);
      }
    }
  } finally {
    await browser.close();
    site.close();
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const logger = createLogger('prerender', process.env.LOG_LEVEL ?? 'info');
  const written = await prerenderFirstScreen(logger);
  logger.info({ files: written.map((file) => path.relative(repoRoot, file)) }, 'first screen prerendered');
}
