import { rm } from 'node:fs/promises';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHttpServer } from '@laundry/platform/http';
import { laundromatSchema } from '@laundry/contracts';
import { laundromatPreview, previewImage, withLinkPreview } from '../src/link-preview.ts';
import { closedPortUrl, startGateway, type GatewayServer } from './support/gateway-server.ts';
import { staticRootWith } from './support/static-root.ts';

const ID = '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6071';
/** Listed too, with no photos. */
const BARE_ID = '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6072';
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

/** A photo of the laundromat as the photo service lists it. */
const storefront = {
  id: '7a2e2e3b-1c8f-4d66-8b22-3a2d4e5f6081',
  laundromatId: ID,
  mine: false,
  fileSize: 120_000,
  mimeType: 'image/jpeg',
  publicUrl: null,
  privateUrl: '/objects/photos/storefront.jpg',
  thumbnailUrl: '/objects/photos/storefront-small.webp',
  caption: null,
  category: 'exterior',
  extractedText: null,
  ocrConfidence: null,
  ocrMetadata: null,
  detectedPrices: null,
  detectedServices: null,
  isPublic: true,
  isProcessed: true,
  createdAt: '2026-02-01T00:00:00.000Z',
};

const escapeForHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

  test('when the reader reads another language, then the rating and the count are in it', () => {
    expect(laundromatPreview(laundromat, 'fr').description).toBe(
      '12 Main Street, London, United Kingdom · ★ 4,3 (12 avis)',
    );
    expect(laundromatPreview({ ...laundromat, totalReviews: 1 }, 'es').description).toContain('(1 reseña)');
    expect(laundromatPreview({ ...laundromat, totalReviews: 1 }, 'hi').description).toContain('(1 समीक्षा)');
    expect(laundromatPreview(laundromat, 'zh').description).toContain('★ 4.3 (12 条评价)');
    expect(laundromatPreview({ ...laundromat, totalReviews: 0 }, 'fr').description).toContain(
      'Pas encore de note',
    );
  });

  test('when a laundromat has photos, then the image is its newest public one, else the brand image', () => {
    const origin = 'https://laundry.example.test';
    const photo = (createdAt: string, change: Record<string, unknown> = {}) => ({
      publicUrl: null,
      privateUrl: `/objects/photos/${createdAt}.jpg`,
      isPublic: true,
      createdAt,
      ...change,
    });
    expect(
      previewImage(
        laundromat,
        [
          photo('2026-01-01T00:00:00.000Z'),
          photo('2026-03-01T00:00:00.000Z', { isPublic: false }),
          photo('2026-02-01T00:00:00.000Z', { privateUrl: 'photos/b.jpg' }),
        ],
        origin,
        'en',
      ),
    ).toEqual({ url: `${origin}/objects/photos/b.jpg`, alt: 'A photo of Suds & "Bubbles" <City>' });
    expect(previewImage(laundromat, [], origin, 'es')).toEqual({
      url: `${origin}/link-preview.png`,
      alt: 'Laundromat Finder: lavanderías cerca de usted, con sus horarios, precios y reseñas',
      width: 1200,
      height: 630,
    });
  });

  test('when written into the page, then the title and the tags are escaped and the page is otherwise unchanged', () => {
    const html = withLinkPreview(INDEX_HTML, {
      title: 'A & "B" <C>',
      description: 'D & E',
      language: 'en',
      image: { url: 'https://x.test/p.jpg?a=1&b=2', alt: 'F & G' },
    });
    expect(html).toContain('<title>A &amp; &quot;B&quot; &lt;C&gt; · Laundromat Finder</title>');
    expect(html).toContain('<meta property="og:title" content="A &amp; &quot;B&quot; &lt;C&gt;">');
    expect(html).toContain('<meta property="og:description" content="D &amp; E">');
    expect(html).toContain('<meta name="description" content="D &amp; E">');
    expect(html).toContain('<meta property="og:image" content="https://x.test/p.jpg?a=1&amp;b=2">');
    expect(html).toContain('<meta property="og:image:alt" content="F &amp; G">');
    expect(html).not.toContain('og:image:width');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<body><div id="root"></div></body>');
  });
});

describe('the gateway serving a laundromat link', () => {
  let staticRoot: string;
  let gateway: GatewayServer;
  let directory: { baseUrl: string; stop(): Promise<void> };
  const asked: string[] = [];

  beforeAll(async () => {
    // Stand-ins answering as the real services do: the directory's GET /api/laundromats/:id (the
    // laundromat, else 404) and the photo service's GET /api/photos/:laundromatId (its photos, newest first).
    const app = express();
    app.get('/api/laundromats/:id', (req, res) => {
      asked.push(req.params.id);
      if (req.params.id === ID) res.json(laundromat);
      else if (req.params.id === BARE_ID) res.json({ ...laundromat, id: BARE_ID, name: 'Bare Suds' });
      else res.status(404).json({ message: 'Laundromat not found' });
    });
    app.get('/api/photos/:laundromatId', (req, res) => {
      res.json(req.params.laundromatId === ID ? [storefront] : []);
    });
    const server = createHttpServer(app);
    const port = await server.start(0, '127.0.0.1');
    directory = { baseUrl: `http://127.0.0.1:${port}`, stop: () => server.stop() };
    staticRoot = await staticRootWith('gateway-preview-', { 'shell/dist/index.html': INDEX_HTML });
    gateway = await startGateway({
      env: { STATIC_ROOT: staticRoot, DIRECTORY_URL: directory.baseUrl, PHOTO_URL: directory.baseUrl },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await directory?.stop();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  const page = async (urlPath: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gateway.baseUrl}${urlPath}`, {
      headers: { accept: 'text/html', ...headers },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const description = (html: string) => /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1];
  const tag = (html: string, property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];

  test('when a link names a listed laundromat, then the page carries its title and description', async () => {
    const html = await page(`/?q=London&l=${ID}`);
    expect(html).toContain('<title>Suds &amp; &quot;Bubbles&quot; &lt;City&gt; · Laundromat Finder</title>');
    expect(html).toContain(
      '<meta property="og:description" content="12 Main Street, London, United Kingdom · ★ 4.3 (12 reviews)">',
    );
    expect(html).toContain('<div id="root"></div>');
  });

  test.each([
    [
      '?lang= in the link',
      `/?l=${ID}&lang=fr`,
      { cookie: 'i18next=es', 'accept-language': 'zh' },
      'fr',
      'fr_FR',
    ],
    [
      'the i18next cookie',
      `/?l=${ID}`,
      { cookie: 'theme=dark; i18next=es', 'accept-language': 'zh' },
      'es',
      'es_ES',
    ],
    ['Accept-Language', `/?l=${ID}`, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' }, 'hi', 'hi_IN'],
    ['Accept-Language zh-CN', `/?l=${ID}`, { 'accept-language': 'zh-CN' }, 'zh', 'zh_CN'],
    [
      'no language of ours anywhere',
      `/?l=${ID}&lang=it`,
      { cookie: 'i18next=de', 'accept-language': 'de-DE' },
      'en',
      'en_US',
    ],
    ['nothing but *', `/?l=${ID}`, { 'accept-language': '*' }, 'en', 'en_US'],
  ] as const)(
    'when the language is chosen by %s, then the preview speaks it',
    async (_how, urlPath, headers, language, locale) => {
      const html = await page(urlPath, headers);
      const expected = laundromatPreview(laundromat, language).description;
      expect(description(html)).toBe(escapeForHtml(expected));
      expect(tag(html, 'og:locale')).toBe(locale);
    },
  );

  test('when the preview is in French, then its words are', async () => {
    const html = await page(`/?l=${ID}&lang=fr`);
    expect(description(html)).toBe('12 Main Street, London, United Kingdom · ★ 4,3 (12 avis)');
    expect(tag(html, 'og:image:alt')).toBe('Une photo de Suds &amp; &quot;Bubbles&quot; &lt;City&gt;');
  });

  test('when the preview depends on the language, then caches keep one per language and cookie', async () => {
    const response = await fetch(`${gateway.baseUrl}/?l=${ID}`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(response.headers.get('vary')).toMatch(/Cookie/i);
  });

  test('when the laundromat has a photo, then the preview shows it, full size, at an absolute address', async () => {
    const html = await page(`/?l=${ID}`);
    expect(tag(html, 'og:image')).toBe(`${gateway.baseUrl}/objects/photos/storefront.jpg`);
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
  });

  test('when the laundromat has no photo, then the preview shows the brand image, which the gateway serves', async () => {
    const html = await page(`/?l=${BARE_ID}`, { 'accept-language': 'es' });
    const url = tag(html, 'og:image')!;
    expect(url).toBe(`${gateway.baseUrl}/link-preview.png`);
    expect(tag(html, 'og:image:width')).toBe('1200');
    expect(tag(html, 'og:image:height')).toBe('630');
    expect(tag(html, 'og:image:alt')).toContain('lavanderías cerca de usted');

    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
    const png = Buffer.from(await image.arrayBuffer());
    // The PNG signature, then the IHDR chunk's width and height.
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
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

  test('when the photo service cannot be reached, then the preview shows the brand image', async () => {
    const lost = await startGateway({
      env: { STATIC_ROOT: staticRoot, DIRECTORY_URL: directory.baseUrl, PHOTO_URL: await closedPortUrl() },
    });
    try {
      const response = await fetch(`${lost.baseUrl}/?l=${ID}`, { headers: { accept: 'text/html' } });
      const html = await response.text();
      expect(tag(html, 'og:title')).toBe('Suds &amp; &quot;Bubbles&quot; &lt;City&gt;');
      expect(tag(html, 'og:image')).toBe(`${lost.baseUrl}/link-preview.png`);
    } finally {
      await lost.stop();
    }
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
