import { rm } from 'node:fs/promises';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpServer } from '@laundry/platform/http';
import { laundromatSchema } from '@laundry/contracts';
import { laundromatPreview, withLinkPreview } from '../src/link-preview.ts';
import { closedPortUrl, startGateway, type GatewayServer } from './support/gateway-server.ts';
import { staticRootWith } from './support/static-root.ts';

const ID = '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6071';
const INDEX_HTML =
  '<!doctype html><html><head><title>Laundromat Finder</title></head><body><div id="root"></div></body></html>';

const laundromat = laundromatSchema.parse({
  id: ID,
  name: 'Suds & "Bubbles" <City>',
  address: '12 Main Street',
  latitude: 51.5,
  longitude: -0.12,
  country: 'United Kingdom',
  city: 'London',
  phone: null,
  website: null,
  hours: null,
  numWashers: null,
  numDryers: null,
  washPriceSmall: null,
  washPriceLarge: null,
  dryPrice15min: null,
  dryPrice30min: null,
  detergentPrice: null,
  averageRating: 4.25,
  totalReviews: 12,
  priceScore: null,
  safetyScore: null,
  cleanlinessScore: null,
  reliabilityScore: null,
  accessibilityScore: null,
  submittedById: null,
  createdAt: '2025-10-21T10:00:00.000Z',
  updatedAt: '2025-10-21T10:00:00.000Z',
  timeZone: 'Europe/London',
  openStatus: {
    isOpenNow: false,
    is24Hours: false,
    todayHours: null,
    nextChange: null,
    statusText: { kind: 'hours_not_available' },
  },
});

describe("a laundromat's link preview", () => {
  test('when a laundromat is rated, then the description gives its address, city, country and rating with the count', () => {
    expect(laundromatPreview(laundromat)).toEqual({
      title: 'Suds & "Bubbles" <City>',
      description: '12 Main Street, London, United Kingdom · ★ 4.3 (12 reviews)',
    });
    expect(laundromatPreview({ ...laundromat, averageRating: null, totalReviews: 0 }).description).toBe(
      '12 Main Street, London, United Kingdom · No rating yet',
    );
  });

  test('when written into the page, then the title and the tags are escaped and the page is otherwise unchanged', () => {
    const html = withLinkPreview(INDEX_HTML, { title: 'A & "B" <C>', description: 'D & E' });
    expect(html).toContain('<title>A &amp; &quot;B&quot; &lt;C&gt; · Laundromat Finder</title>');
    expect(html).toContain('<meta property="og:title" content="A &amp; &quot;B&quot; &lt;C&gt;">');
    expect(html).toContain('<meta property="og:description" content="D &amp; E">');
    expect(html).toContain('<meta name="description" content="D &amp; E">');
    expect(html).toContain('<body><div id="root"></div></body>');
  });
});

describe('the gateway serving a laundromat link', () => {
  let staticRoot: string;
  let gateway: GatewayServer;
  let directory: { baseUrl: string; stop(): Promise<void> };
  const asked: string[] = [];

  beforeAll(async () => {
    // A stand-in directory answering GET /api/laundromats/:id as the real one does: the laundromat, else 404.
    const app = express();
    app.get('/api/laundromats/:id', (req, res) => {
      asked.push(req.params.id);
      if (req.params.id === ID) res.json(laundromat);
      else res.status(404).json({ message: 'Laundromat not found' });
    });
    const server = createHttpServer(app);
    const port = await server.start(0, '127.0.0.1');
    directory = { baseUrl: `http://127.0.0.1:${port}`, stop: () => server.stop() };
    staticRoot = await staticRootWith('gateway-preview-', { 'shell/dist/index.html': INDEX_HTML });
    gateway = await startGateway({ env: { STATIC_ROOT: staticRoot, DIRECTORY_URL: directory.baseUrl } });
  });
  afterAll(async () => {
    await gateway?.stop();
    await directory?.stop();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  const page = async (urlPath: string) => {
    const response = await fetch(`${gateway.baseUrl}${urlPath}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    return response.text();
  };

  test('when a link names a listed laundromat, then the page carries its title and description', async () => {
    const html = await page(`/?q=London&l=${ID}`);
    expect(html).toContain('<title>Suds &amp; &quot;Bubbles&quot; &lt;City&gt; · Laundromat Finder</title>');
    expect(html).toContain(
      '<meta property="og:description" content="12 Main Street, London, United Kingdom · ★ 4.3 (12 reviews)">',
    );
    expect(html).toContain('<div id="root"></div>');
  });

  test.each([
    ['/?l=00000000-0000-4000-8000-000000000000', 'a laundromat the directory does not list'],
    ['/?l=not-an-id', 'no id at all'],
    ['/?q=London', 'no laundromat'],
    [`/favorites?l=${ID}`, 'another page'],
  ])('when the link is %s (%s), then the plain page goes out', async (urlPath) => {
    const before = asked.length;
    expect(await page(urlPath)).toBe(INDEX_HTML);
    // Only a well-formed id on the home page is looked up.
    if (!urlPath.startsWith('/?l=0')) expect(asked.length).toBe(before);
  });

  test('when the directory cannot be reached, then the plain page goes out all the same', async () => {
    const lost = await startGateway({
      env: { STATIC_ROOT: staticRoot, DIRECTORY_URL: await closedPortUrl() },
    });
    try {
      const response = await fetch(`${lost.baseUrl}/?l=${ID}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX_HTML);
    } finally {
      await lost.stop();
    }
  });
});
