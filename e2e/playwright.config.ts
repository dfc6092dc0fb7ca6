import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../scripts/src/chromium.ts';

/** A port nobody listens on, so the product under test never collides with a running `npm start`. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Every journey runs once, at desktop size; the phone project walks again only the journeys whose screen a
 * phone lays out or works differently (the menu, the results sheet, the first screen, overlays, the map,
 * forms and ad slots on a narrow screen), tagged @phone, and those only a phone has, tagged @phone-only.
 * Walking the rest again repeated the same logic at another size for a quarter of the suite's time.
 */
const phoneJourneys = /@phone\b/;

const externalBaseUrl = process.env.E2E_BASE_URL;
// The config is loaded by the runner and again by each worker; the port must be the same in all of them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'laundry-e2e-'));
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  // Each part of a sharded run (scripts/run-e2e.sh) keeps its own: Playwright empties the folder at start.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // CI's machine is sometimes much slower than at other times (a whole run, install and build included, took
  // 1.7 times as long one day as the day before): a page first drawn in 6 s there is not a fault, so each
  // expectation waits up to 10 s rather than Playwright's 5, and a journey up to 45 s. A passing journey
  // costs no more; journeys that assert speed name their own, shorter timeout.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One worker by default: some journeys change what the whole product shows (an admin's queues, a billing
  // period closed for every advertiser), and two at once failed four of them in a clean-clone run.
  // E2E_WORKERS runs more where the specs touched are independent.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: Boolean(process.env.CI),
  // On a slow CI day a journey that waits on the product's timers (a declined charge tried again after 40 s)
  // failed twice in a row though it passes alone; a third try costs only the journeys that fail.
  retries: process.env.CI ? 2 : 0,
  // In CI each part also writes every journey's time, to find where the browser stage's minutes go.
  reporter: process.env.CI
    ? [
        ['line'],
        // Beside a part's output folder (emptied at its start), or inside the default one for a single run.
        [
          'json',
          {
            outputFile: process.env.E2E_OUTPUT_DIR
              ? `${process.env.E2E_OUTPUT_DIR}-timings.json`
              : 'test-results/timings.json',
          },
        ],
      ]
    : 'list',
  use: {
    baseURL,
    // Recording a trace costs Chromium about a third more CPU on every journey, and the browser stage is
    // CPU-bound: in CI, where a failed journey runs again, only the retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // A service worker answers requests that page.route() then never sees; overlays.spec.ts allows it.
    serviceWorkers: 'block',
    // Every test starts with the cookie choice made, so the consent banner covers nothing it clicks;
    // overlays.spec.ts starts without it.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            {
              name: 'cookie-consent',
              value: JSON.stringify({ necessary: true, analytics: false, advertising: false }),
            },
          ],
        },
      ],
    },
    // Playwright starts each test in a fresh, temporary browser profile.
    launchOptions: { executablePath: chromiumPath(), args: chromiumFlags },
  },
  projects: [
    // A test whose title carries @phone-only or @desktop-only runs in that project alone (rather than skipping).
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: phoneJourneys,
      grepInvert: /@desktop-only/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'npm start',
        cwd: '..',
        url: `${baseURL}/alive`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: process.env.E2E_PORT,
          DATA_DIR: process.env.E2E_DATA_DIR,
          LOG_LEVEL: 'warn',
          // Every test searches from the same loopback address; the per-client geocoding limit (60 a
          // minute, tested in the gateway's own tests) would otherwise throttle a parallel run.
          GEOCODE_RATE_LIMIT_PER_MINUTE: '100000',
          // The same for writes: sign-ups, reviews and uploads of a parallel run pass 60 a minute.
          WRITE_RATE_LIMIT_PER_MINUTE: '100000',
          // No simulated machine feeds: a live state that moves with the clock would change the London cards,
          // details and filters the journeys look at from one run to the next.
          DEMO_FEEDS: 'false',
          // The admin console's tests sign in as this account (tests/admin.spec.ts).
          ADMIN_EMAILS: 'e2e-admin@example.test',
          // A declined charge is tried again after 40 s and then after 5 s more (rather than 1, 3 and 5 days),
          // looked for every 2 s: tests/advertiser-billing.spec.ts sees the 'tried again' notice in the first
          // wait and the campaigns paused once both retries fail. An advertiser of another test with clicks
          // and no card is paused too if a billing test closes the period while it still runs a minute later.
          BILLING_CHARGE_RETRY_DELAYS: '40s,5s',
          BILLING_CHARGE_SWEEP_MS: '2000',
        },
      },
});
