import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromeFlags, chromePath, finderUrl, machineSummary } from './browser-env.ts';
import { lighthousePage } from './lighthouse-pages.ts';
import { writeResults } from './results-file.ts';
import { median } from './statistics.ts';

/**
 * Lighthouse 12 with its default (mobile) preset: a Moto G Power sized screen, simulated slow 4G and a 4×
 * slower CPU. Fails when a category is under its target.
 *
 *   npm run lighthouse -w bench            # the home page of http://localhost:8080 (npm start)
 *   FINDER_URL=http://127.0.0.1:8091 LIGHTHOUSE_RUNS=3 npm run lighthouse -w bench
 *   LIGHTHOUSE_PAGE=advertiser-dashboard npm run lighthouse -w bench   # signed in as a new advertiser
 *
 * Writes the scores and metrics of every run to bench/results/<lighthouse|lighthouse-advertiser-dashboard>-
 * <date>.json, and the last run's full HTML report to the system's temporary folder (its path is printed).
 */

const targets = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
type Category = keyof typeof targets;
const categories = Object.keys(targets) as Category[];

const MAX_RETRIES = 2;

const lighthouseFlags = {
  output: ['html', 'json'],
  logLevel: 'error',
  onlyCategories: categories,
} satisfies Flags;

/**
 * The session cookie is set in the fresh profile over the DevTools protocol, and Lighthouse is told not to
 * clear the origin's storage (which would sign the browser out again); the profile holds nothing else, so
 * the page still loads with an empty cache.
 */
async function signedInRun(url: string, port: number, sessionCookie: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const [name = 'sid', value = ''] = sessionCookie.split('=', 2);
    await browser.setCookie({ name, value, domain: new URL(url).hostname, path: '/', httpOnly: true });
    return await lighthouse(url, { ...lighthouseFlags, disableStorageReset: true }, undefined, page);
  } finally {
    await browser.disconnect();
  }
}

const keyAudits = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

async function runOnce(url: string, sessionCookie: string | undefined) {
  // Lighthouse's own headless flag replaces the plain one; a fresh profile is chrome-launcher's default.
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [...chromeFlags.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  try {
    const result = sessionCookie
      ? await signedInRun(url, chrome.port, sessionCookie)
      : await lighthouse(url, { port: chrome.port, ...lighthouseFlags });
    if (!result) throw new Error('Lighthouse returned no result');
    return result;
  } finally {
    chrome.kill();
  }
}

async function main() {
  const page = lighthousePage(process.env.LIGHTHOUSE_PAGE);
  const url = `${finderUrl()}${page.path}`;
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string };
  process.stdout.write(`Lighthouse ${version} (mobile preset) on ${url}; ${machineSummary()}\n`);
  const scores: Record<Category, number>[] = [];
  const runsRecorded: { scores: Record<Category, number>; metrics: Record<string, number | null> }[] = [];
  for (let run = 1; run <= runs; run += 1) {
    let { lhr, report } = await runOnce(url, await page.sessionCookie(finderUrl()));
    // Lighthouse itself can fail to record a trace on a busy machine (NO_NAVSTART, "run Lighthouse again"):
    // such a run measured nothing, so it is run again, twice at most, and counts as 0 if it still fails.
    for (let retry = 1; lhr.runtimeError && retry <= MAX_RETRIES; retry += 1) {
      process.stdout.write(`run ${run}: no result (${lhr.runtimeError.code}), running it again\n`);
      ({ lhr, report } = await runOnce(url, await page.sessionCookie(finderUrl())));
    }
    if (lhr.runtimeError) {
      process.stdout.write(`run ${run}: no result, ${lhr.runtimeError.code}: ${lhr.runtimeError.message}\n`);
    }
    const score = Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    scores.push(score);
    const metrics = keyAudits.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '—'}`).join(', ');
    process.stdout.write(
      `run ${run}: ${categories.map((id) => `${id} ${score[id]}`).join(', ')}\n  ${metrics}\n`,
    );
    for (const id of categories) {
      const failing = (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 || id !== 'performance')
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (audit) =>
            audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        );
      for (const audit of failing) {
        process.stdout.write(`  ${id}: ${audit?.id} ${audit?.displayValue ?? ''} (score ${audit?.score})\n`);
      }
    }
    runsRecorded.push({
      scores: score,
      metrics: Object.fromEntries(keyAudits.map((id) => [id, lhr.audits[id]?.numericValue ?? null])),
    });
    if (run === runs) {
      const [html, json] = Array.isArray(report) ? report : [report, ''];
      const reportPath = path.join(tmpdir(), `lighthouse-${page.name}.html`);
      await writeFile(reportPath, String(html));
      await writeFile(path.join(tmpdir(), `lighthouse-${page.name}.json`), String(json));
      process.stdout.write(`  full report: ${reportPath} (and .json)\n`);
    }
  }
  // With an even number of runs, the mean of the middle two (rounded down), never the better one alone.
  const summary = Object.fromEntries(
    categories.map((id) => [id, Math.floor(median(scores.map((s) => s[id])))]),
  ) as Record<Category, number>;
  process.stdout.write(
    `median of ${runs}: ${categories.map((id) => `${id} ${summary[id]} (target ${targets[id]})`).join(', ')}\n`,
  );
  const recorded = {
    url,
    lighthouse: version,
    preset: 'mobile (default)',
    machine: machineSummary(),
    loadAverage: loadavg(),
    median: summary,
    targets,
    runs: runsRecorded,
  };
  const file = await writeResults(page.resultsName, new Date(), recorded);
  process.stdout.write(`written ${path.relative(process.cwd(), file)}\n`);
  const below = categories.filter((id) => summary[id] < targets[id]);
  if (below.length > 0) {
    process.stderr.write(`Below target: ${below.join(', ')}\n`);
    process.exitCode = 1;
  }
}

await main();
