import path from 'node:path';
import { chromium, type Browser, type Request } from 'playwright-core';
import { chromeFlags, chromePath, finderUrl, machineSummary } from './browser-env.ts';
import { gitCommit, writeResults } from './results-file.ts';

/**
 * The page-weight budget (issue item 10): the first load of `/` transfers at most 250 KB of compressed
 * JavaScript before the map library, which loads lazily. Loads the page in a fresh profile (no cache, no
 * service worker) at desktop and phone size, waits for the results and for the network to settle, then
 * presses the map preview (the map library loads when a person reaches for the map) and waits for the
 * interactive map; adds up the encoded body sizes of every JavaScript response, split at the moment the map
 * library is requested, and writes them to bench/results/page-weight-<date>.json.
 *
 *   npm run page-weight -w bench            # against http://localhost:8080 (npm start)
 *   FINDER_URL=http://127.0.0.1:8091 npm run page-weight -w bench
 */

const budgetBytes = 250 * 1000;
/** The chunks the build names after the map (our map component, maplibre-gl and its worker). */
const isMapChunk = (url: string) => /\/(laundromat-map|maplibre)[^/]*\.m?js(\?|$)/.test(url);
const isJavaScript = (request: Request, contentType: string) =>
  request.resourceType() === 'script' || /javascript/.test(contentType) || /\.m?js(\?|$)/.test(request.url());

interface ScriptTransfer {
  url: string;
  startedMs: number;
  encodedBytes: number;
  decodedBytes: number;
  encoding: string;
}

export interface PageWeight {
  viewport: string;
  beforeMapLibrary: { files: number; encodedBytes: number; decodedBytes: number };
  /** The map component, maplibre-gl and its worker. */
  mapLibrary: { files: number; encodedBytes: number; decodedBytes: number };
  /** The offline world outlines the map fetches once it runs. */
  afterMapLibrary: { files: number; encodedBytes: number; decodedBytes: number };
  /** When the count of results showed, and when the map library was asked for (ms after navigation). */
  resultsMs: number | null;
  mapLibraryRequestedMs: number | null;
  scripts: ScriptTransfer[];
}

const sum = (scripts: readonly ScriptTransfer[]) => ({
  files: scripts.length,
  encodedBytes: scripts.reduce((total, s) => total + s.encodedBytes, 0),
  decodedBytes: scripts.reduce((total, s) => total + s.decodedBytes, 0),
});

async function measure(
  browser: Browser,
  url: string,
  viewport: { name: string; width: number; height: number; mobile: boolean },
): Promise<PageWeight> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const scripts: Promise<ScriptTransfer | null>[] = [];
  let navigationStart = 0;
  // Worker scripts (maplibre's) are fetched outside the page, so listen on the whole context.
  context.on('requestfinished', (request) => {
    const startedMs = Date.now() - navigationStart;
    scripts.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const headers = await response.allHeaders();
        if (!isJavaScript(request, headers['content-type'] ?? '')) return null;
        const sizes = await request.sizes();
        const timing = request.timing();
        return {
          url: new URL(request.url()).pathname,
          startedMs: timing.startTime > 0 ? Math.round(timing.startTime - navigationStart) : startedMs,
          encodedBytes: sizes.responseBodySize,
          decodedBytes: (await response.body()).length,
          encoding: headers['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  navigationStart = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  // The count line is there on every screen size (a phone builds its cards when the list drawer opens).
  const results = page
    .getByTestId('result-count')
    .filter({ hasText: /\d/ })
    .waitFor({ state: 'attached', timeout: 30_000 })
    .then(() => Date.now() - navigationStart)
    .catch(() => null);
  await page.waitForLoadState('networkidle');
  const resultsMs = await results;
  // Nothing more may load by itself: give it the time to, then reach for the map as a person would.
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
  const reachedForMapMs = Date.now() - navigationStart;
  await page.getByTestId('map-preview').click({ position: { x: 8, y: 8 } });
  await page.locator('canvas.maplibregl-canvas').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const finished = (await Promise.all(scripts)).filter((s): s is ScriptTransfer => s !== null);
  await context.close();

  finished.sort((a, b) => a.startedMs - b.startedMs);
  // Everything asked for once the person reached for the map is the map's: maplibre-gl itself sits in an
  // unnamed vendor chunk that the map chunk asks for, and a chunk the map shares with another part of the
  // page may be requested a moment before the map chunk itself (so the first map chunk's start is no line).
  const firstMapChunk = finished.find((s) => isMapChunk(s.url))?.startedMs ?? Number.POSITIVE_INFINITY;
  const mapStart = Math.min(firstMapChunk, reachedForMapMs);
  const map = finished.filter((s) => s.startedMs >= mapStart);
  const atlas = map.filter((s) => s.url.includes('world-atlas'));
  return {
    viewport: `${viewport.name} ${viewport.width}×${viewport.height}`,
    beforeMapLibrary: sum(finished.filter((s) => s.startedMs < mapStart)),
    mapLibrary: sum(map.filter((s) => !atlas.includes(s))),
    afterMapLibrary: sum(atlas),
    resultsMs,
    mapLibraryRequestedMs: Number.isFinite(mapStart) ? mapStart : null,
    scripts: finished,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function main() {
  const url = `${finderUrl()}/`;
  const browser = await chromium.launch({ executablePath: chromePath(), args: chromeFlags });
  try {
    const results: PageWeight[] = [];
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800, mobile: false },
      { name: 'phone', width: 390, height: 844, mobile: true },
    ]) {
      results.push(await measure(browser, url, viewport));
    }
    process.stdout.write(`First load of ${url} (fresh profile, no service worker); ${machineSummary()}\n\n`);
    for (const result of results) {
      process.stdout.write(`${result.viewport}\n`);
      for (const script of result.scripts) {
        const mark =
          script.startedMs >= (result.mapLibraryRequestedMs ?? Number.POSITIVE_INFINITY) ? ' (map)' : '';
        process.stdout.write(
          `  ${String(script.startedMs).padStart(6)} ms  ${kb(script.encodedBytes).padStart(9)} ${script.encoding.padEnd(8)} ${script.url}${mark}\n`,
        );
      }
      process.stdout.write(
        `  JavaScript before the map library: ${kb(result.beforeMapLibrary.encodedBytes)} compressed in ` +
          `${result.beforeMapLibrary.files} files (${kb(result.beforeMapLibrary.decodedBytes)} uncompressed); ` +
          `budget ${kb(budgetBytes)}\n` +
          `  map (component, maplibre-gl, worker): ${kb(result.mapLibrary.encodedBytes)} compressed, first ` +
          `requested at ${result.mapLibraryRequestedMs ?? '—'} ms; results at ${result.resultsMs ?? '—'} ms; ` +
          `world outlines after it: ${kb(result.afterMapLibrary.encodedBytes)}\n\n`,
      );
    }
    const recorded = { url, commit: gitCommit(), machine: machineSummary(), budgetBytes, results };
    const file = await writeResults('page-weight', new Date(), recorded);
    process.stdout.write(`written ${path.relative(process.cwd(), file)}\n`);
    const over = results.filter((r) => r.beforeMapLibrary.encodedBytes > budgetBytes);
    if (over.length > 0) {
      process.stderr.write(`Over the ${kb(budgetBytes)} budget: ${over.map((r) => r.viewport).join(', ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
  }
}

await main();
