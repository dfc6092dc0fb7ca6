import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGazetteer } from '../../src/infra/geocoding/gazetteer.ts';
import { createGeocoder } from '../../src/infra/geocoding/geocoder.ts';
import { GeocodeError } from '../../src/domain/geocode-error.ts';
import {
  createNominatimClient,
  toGeocodeResult,
  type GeocodeCache,
} from '../../src/infra/geocoding/nominatim.ts';

interface SeenRequest {
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

const USER_AGENT = 'LaundromatFinder-test/1.0 (contact: test@example.org)';
const LONDON = {
  place_id: 1,
  lat: '51.5073219',
  lon: '-0.1276474',
  display_name: 'London, Greater London, England, United Kingdom',
  address: { city: 'London', state: 'England', country: 'United Kingdom', country_code: 'gb' },
  boundingbox: ['51.2867601', '51.6918741', '-0.5103751', '0.3340155'],
};
const VILLAGE = {
  lat: '46.1',
  lon: '7.2',
  display_name: 'Somewhere, Valais, Switzerland',
  address: { village: 'Somewhere', province: 'Valais', country: 'Switzerland' },
};

// A stand-in for the Nominatim HTTP API: records each request and answers with the current handler.
let server: Server;
let baseUrl: string;
let seen: SeenRequest[];
let answer: (path: string, params: URLSearchParams, res: ServerResponse) => void;

const json = (res: ServerResponse, body: unknown, status = 200, statusText?: string) => {
  res.writeHead(status, statusText, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    seen.push({ path: url.pathname, params: url.searchParams, headers: req.headers, at: Date.now() });
    answer(url.pathname, url.searchParams, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  answer = (path, _params, res) => json(res, path === '/search' ? [LONDON] : LONDON);
});

function memoryCache() {
  const entries = new Map<string, { value: unknown; ttlSeconds: number }>();
  const cache: GeocodeCache = {
    async get<T>(key: string) {
      return entries.get(key)?.value as T | undefined;
    },
    async set<T>(key: string, value: T, ttlSeconds: number) {
      entries.set(key, { value, ttlSeconds });
    },
  };
  return { cache, entries };
}

const client = (options: { cache?: GeocodeCache; url?: string } = {}) =>
  createNominatimClient({ baseUrl: options.url ?? baseUrl, userAgent: USER_AGENT, cache: options.cache });

async function failure(promise: Promise<unknown>): Promise<GeocodeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeocodeError);
  return error as GeocodeError;
}

async function refusedUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('Nominatim search', () => {
  it('when searching a place, then the request has the search parameters and the User-Agent', async () => {
    await client().search('  London ');
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.path).toBe('/search');
    expect(Object.fromEntries(request?.params ?? [])).toEqual({
      q: 'London',
      format: 'json',
      addressdetails: '1',
      limit: '5',
      dedupe: '1',
    });
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('when searching a US ZIP, then the search is restricted to the US', async () => {
    await client().search('90210-1234');
    expect(seen[0]?.params.get('countrycodes')).toBe('us');
    expect(seen[0]?.params.get('q')).toBe('90210-1234');
  });

  it('when searching five digits alone, then no country is assumed (75001 is also Paris)', async () => {
    await client().search('75001');
    expect(seen[0]?.params.has('countrycodes')).toBe(false);
  });

  it('when the asker gives a country hint, then the search is restricted to that country', async () => {
    await client().search('75001', { country: 'FR' });
    expect(seen[0]?.params.get('countrycodes')).toBe('fr');
  });

  it('when Nominatim answers, then results have the geocode shape with its bounding box', async () => {
    const results = await client().search('London');
    expect(results).toEqual([
      {
        latitude: 51.5073219,
        longitude: -0.1276474,
        displayName: 'London, Greater London, England, United Kingdom',
        country: 'United Kingdom',
        city: 'London',
        state: 'England',
        boundingBox: { south: 51.2867601, north: 51.6918741, west: -0.5103751, east: 0.3340155 },
      },
    ]);
  });

  it('when a place has no city, then city falls back to town, then village, and state to province', async () => {
    answer = (_path, _params, res) =>
      json(res, [{ ...VILLAGE, address: { ...VILLAGE.address, town: 'Townsville' } }, VILLAGE]);
    const [withTown, withVillage] = await client().search('Somewhere');
    expect(withTown).toMatchObject({ city: 'Townsville', state: 'Valais' });
    expect(withVillage).toMatchObject({ city: 'Somewhere', state: 'Valais', country: 'Switzerland' });
    expect(withVillage?.boundingBox).toBeUndefined();
  });

  it('when several searches arrive at once, then all are answered one at a time, a second or more apart', async () => {
    const nominatim = client();
    const results = await Promise.all(['London', 'Paris', 'Tokyo'].map((q) => nominatim.search(q)));
    expect(results).toHaveLength(3);
    expect(seen.map((r) => r.params.get('q'))).toEqual(['London', 'Paris', 'Tokyo']);
    for (let i = 1; i < seen.length; i += 1) {
      expect((seen[i]?.at ?? 0) - (seen[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  }, 10_000);

  it('when the same query is asked twice, then the second answer comes from the cache for 24 h', async () => {
    const { cache, entries } = memoryCache();
    const nominatim = client({ cache });
    const first = await nominatim.search('London');
    const second = await nominatim.search('london');
    expect(second).toEqual(first);
    expect(seen).toHaveLength(1);
    expect([...entries.values()].map((e) => e.ttlSeconds)).toEqual([86_400]);
  });

  it('when Nominatim finds nothing, then NO_RESULTS', async () => {
    answer = (_path, _params, res) => json(res, []);
    expect(await failure(client().search('qxzv'))).toMatchObject({ code: 'NO_RESULTS', status: 404 });
  });

  it('when Nominatim answers 429, then RATE_LIMIT with its message', async () => {
    answer = (_path, _params, res) => json(res, { error: 'slow down' }, 429);
    expect(await failure(client().search('London'))).toMatchObject({
      code: 'RATE_LIMIT',
      status: 429,
      message: 'Too many requests. Please wait a moment and try again.',
    });
  });

  it('when Nominatim answers 500, then NETWORK_ERROR naming the status text', async () => {
    answer = (_path, _params, res) => json(res, { error: 'boom' }, 500, 'Internal Server Error');
    expect(await failure(client().search('London'))).toMatchObject({
      code: 'NETWORK_ERROR',
      status: 502,
      message: 'Geocoding service error: Internal Server Error',
    });
  });

  it('when Nominatim cannot be reached, then NETWORK_ERROR with the connection message', async () => {
    const nominatim = client({ url: await refusedUrl() });
    expect(await failure(nominatim.search('London'))).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your internet connection.',
    });
  });

  it('when an error answer comes back, then nothing is cached', async () => {
    const { cache, entries } = memoryCache();
    answer = (_path, _params, res) => json(res, {}, 503, 'Service Unavailable');
    await failure(client({ cache }).search('London'));
    expect(entries.size).toBe(0);
  });
});

describe('Nominatim places and their kind', () => {
  const place = (tag: string, value: string) => ({
    lat: '48.8809',
    lon: '2.3553',
    display_name: 'Somewhere, Paris, France',
    class: tag,
    type: value,
    address: { city: 'Paris', country: 'France', country_code: 'fr' },
  });

  it.each([
    ['railway', 'station', 'station'],
    ['public_transport', 'station', 'station'],
    ['place', 'suburb', 'district'],
    ['place', 'neighbourhood', 'district'],
    ['tourism', 'attraction', 'landmark'],
    ['historic', 'monument', 'landmark'],
    ['man_made', 'tower', 'landmark'],
  ])('when the main tag is %s=%s, then the place is a %s in its city', (tag, value, kind) => {
    expect(toGeocodeResult(place(tag, value))).toMatchObject({ kind, city: 'Paris' });
  });

  it.each([
    ['place', 'city'],
    ['highway', 'residential'],
    ['shop', 'laundry'],
  ])('when the main tag is %s=%s, then the place has no kind', (tag, value) => {
    expect(toGeocodeResult(place(tag, value))?.kind).toBeUndefined();
  });
});

describe('Nominatim reverse', () => {
  it('when reversing a point, then the request carries lat, lon, format and addressdetails', async () => {
    const result = await client().reverse(51.5073219, -0.1276474);
    expect(seen[0]?.path).toBe('/reverse');
    expect(Object.fromEntries(seen[0]?.params ?? [])).toEqual({
      lat: '51.50732',
      lon: '-0.12765',
      format: 'json',
      addressdetails: '1',
    });
    expect(seen[0]?.headers['user-agent']).toBe(USER_AGENT);
    expect(result).toMatchObject({ city: 'London', country: 'United Kingdom' });
  });

  it.each([
    ['gb', '10 Downing Street'],
    ['de', 'Downing Street 10'],
  ])(
    'when the point has a road and number in %s, then the street reads as that country writes it',
    async (code, street) => {
      answer = (_path, _params, res) =>
        json(res, {
          ...LONDON,
          address: { ...LONDON.address, country_code: code, road: 'Downing Street', house_number: '10' },
        });
      expect(await client().reverse(51.50336, -0.12765)).toMatchObject({ city: 'London', street });
    },
  );

  it('when the point has no road, then the answer has no street', async () => {
    expect(await client().reverse(51.5073219, -0.1276474)).not.toHaveProperty('street');
  });

  it('when Nominatim cannot place the point, then null', async () => {
    answer = (_path, _params, res) => json(res, { error: 'Unable to geocode' });
    expect(await client().reverse(0, -150)).toBeNull();
  });

  it.each([
    ['answers 500', (res: ServerResponse) => json(res, {}, 500)],
    ['answers 429', (res: ServerResponse) => json(res, {}, 429)],
    ['answers invalid JSON', (res: ServerResponse) => res.end('<html>')],
  ])('when Nominatim %s, then null', async (_case, respond) => {
    answer = (_path, _params, res) => respond(res);
    expect(await client().reverse(1, 1)).toBeNull();
  });

  it('when Nominatim cannot be reached, then null', async () => {
    expect(await client({ url: await refusedUrl() }).reverse(1, 1)).toBeNull();
  });
});

describe('geocoder with Nominatim configured', () => {
  const gazetteer = createGazetteer();

  it('when Nominatim answers, then its results are used', async () => {
    const geocoder = createGeocoder({ nominatim: client(), gazetteer });
    expect((await geocoder.search('London'))[0]?.displayName).toBe(LONDON.display_name);
  });

  it('when Nominatim cannot be reached, then the gazetteer answers', async () => {
    const geocoder = createGeocoder({ nominatim: client({ url: await refusedUrl() }), gazetteer });
    expect((await geocoder.search('Tokyo'))[0]).toMatchObject({ city: 'Tokyo', country: 'Japan' });
  }, 60_000);

  it('when Nominatim answers 500, then the gazetteer answers', async () => {
    answer = (_path, _params, res) => json(res, {}, 500);
    const geocoder = createGeocoder({ nominatim: client(), gazetteer });
    expect((await geocoder.search('90210'))[0]).toMatchObject({ city: 'Beverly Hills' });
  }, 60_000);

  it('when Nominatim rate-limits, then RATE_LIMIT is passed on', async () => {
    answer = (_path, _params, res) => json(res, {}, 429);
    const geocoder = createGeocoder({ nominatim: client(), gazetteer });
    expect((await failure(geocoder.search('London'))).code).toBe('RATE_LIMIT');
  });

  it('when the query is blank, then INVALID_QUERY and Nominatim is not asked', async () => {
    const geocoder = createGeocoder({ nominatim: client(), gazetteer });
    expect((await failure(geocoder.search('  '))).code).toBe('INVALID_QUERY');
    expect(seen).toHaveLength(0);
  });

  it('when reverse gets no place from Nominatim, then the gazetteer answers', async () => {
    answer = (_path, _params, res) => json(res, { error: 'Unable to geocode' });
    const geocoder = createGeocoder({ nominatim: client(), gazetteer });
    expect(await geocoder.reverse(35.681, 139.767)).toMatchObject({ city: 'Tokyo' });
  }, 60_000);
});
