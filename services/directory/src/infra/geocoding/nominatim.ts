import type { Logger } from 'pino';
import { GEOCODE_MESSAGES, GeocodeError } from '../../domain/geocode-error.ts';
import type { PlaceHints } from '../../domain/geocoder.ts';
import type { GeocodeResult } from './geocode-result.ts';

/** The slice of the platform cache the adapter needs (structurally the platform `Cache`). */
export interface GeocodeCache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
}

export interface NominatimOptions {
  /** Base URL, e.g. https://nominatim.openstreetmap.org */
  baseUrl: string;
  /** Nominatim's usage policy requires an identifying User-Agent with a contact (config NOMINATIM_USER_AGENT). */
  userAgent: string;
  cache?: GeocodeCache;
  logger?: Logger;
  /** Minimum spacing between request starts; the public service allows 1 request per second. */
  minIntervalMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface NominatimClient {
  /** Up to 5 results; throws GeocodeError (NO_RESULTS, RATE_LIMIT, NETWORK_ERROR). */
  search(query: string, hints?: PlaceHints): Promise<GeocodeResult[]>;
  /** The place at a point, or null on any failure (docs/product.md, API calls). */
  reverse(latitude: number, longitude: number): Promise<GeocodeResult | null>;
}

const CACHE_TTL_SECONDS = 24 * 60 * 60;
// ZIP+4 is written only in the US; five digits alone are a postal code in many countries ('75001' is
// also Paris), so only the asker's country hint narrows those.
const US_ZIP_PLUS_FOUR = /^\d{5}-\d{4}$/;

interface NominatimAddress {
  house_number?: string;
  road?: string;
  city?: string;
  town?: string;
  village?: string;
  state?: string;
  province?: string;
  country?: string;
  country_code?: string;
}

/** Countries whose addresses put the house number before the street ('10 Downing Street'); most put it after. */
const NUMBER_FIRST = new Set(['us', 'ca', 'gb', 'ie', 'au', 'nz', 'fr', 'za', 'sg', 'my', 'in', 'ph', 'il']);

/** The street line of an address as its country writes it, or undefined without a road. */
function streetOf(address: NominatimAddress): string | undefined {
  const road = address.road?.trim();
  if (!road) return undefined;
  const number = address.house_number?.trim();
  if (!number) return road;
  return NUMBER_FIRST.has(address.country_code?.toLowerCase() ?? '')
    ? `${number} ${road}`
    : `${road} ${number}`;
}

interface NominatimPlace {
  lat?: string;
  lon?: string;
  display_name?: string;
  /** The key and value of the place's main OpenStreetMap tag ('railway', 'station'). */
  class?: string;
  type?: string;
  address?: NominatimAddress;
  /** [south, north, west, east] as strings. */
  boundingbox?: [string, string, string, string];
  error?: string;
}

const DISTRICT_TYPES = new Set(['suburb', 'neighbourhood', 'quarter', 'borough', 'city_district']);
const LANDMARK_TAGS: Record<string, Set<string> | 'any'> = {
  historic: 'any',
  tourism: new Set(['attraction', 'museum', 'gallery', 'viewpoint', 'theme_park', 'zoo']),
  man_made: new Set(['tower', 'bridge', 'lighthouse']),
  leisure: new Set(['park']),
};

/** What the place is by its main tag, as the offline gazetteer tells it; undefined for a town or a street. */
function kindOf(place: NominatimPlace): GeocodeResult['kind'] {
  const key = place.class ?? '';
  const value = place.type ?? '';
  if ((key === 'railway' || key === 'public_transport') && value === 'station') return 'station';
  if ((key === 'place' || key === 'boundary') && DISTRICT_TYPES.has(value)) return 'district';
  const landmark = LANDMARK_TAGS[key];
  if (landmark === 'any' || landmark?.has(value)) return 'landmark';
  return undefined;
}

export function toGeocodeResult(place: NominatimPlace): GeocodeResult | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (
    place.lat === undefined ||
    place.lon === undefined ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  ) {
    return null;
  }
  const address = place.address ?? {};
  const state = address.state ?? address.province;
  const street = streetOf(address);
  const kind = kindOf(place);
  const result: GeocodeResult = {
    latitude,
    longitude,
    displayName: place.display_name ?? '',
    country: address.country ?? '',
    city: address.city ?? address.town ?? address.village ?? '',
    ...(state ? { state } : {}),
    ...(street ? { street } : {}),
    ...(kind ? { kind } : {}),
  };
  const box = place.boundingbox?.map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite)) {
    const [south, north, west, east] = box as [number, number, number, number];
    result.boundingBox = { north, south, east, west };
  }
  return result;
}

export function createNominatimClient(options: NominatimOptions): NominatimClient {
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  // Requests wait their turn rather than being dropped: one at a time, each starting at least minIntervalMs
  // after the previous one was answered. Counting from the answer, not the start, keeps the gap the server
  // sees at a second or more whatever the network delays, as Nominatim's usage policy asks.
  let queue: Promise<void> = Promise.resolve();
  let lastAnsweredAt = Number.NEGATIVE_INFINITY;
  async function takeTurn(): Promise<() => void> {
    let release = (): void => undefined;
    const previous = queue;
    queue = new Promise<void>((resolve) => {
      release = () => {
        lastAnsweredAt = Date.now();
        resolve();
      };
    });
    await previous;
    // A timer may fire a millisecond early by the wall clock, so check again rather than trust it.
    for (
      let wait = lastAnsweredAt + minIntervalMs - Date.now();
      wait > 0;
      wait = lastAnsweredAt + minIntervalMs - Date.now()
    ) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return release;
  }

  async function cached<T>(key: string): Promise<T | undefined> {
    try {
      return await options.cache?.get<T>(key);
    } catch (error) {
      options.logger?.warn({ err: error, key }, 'geocode cache read failed');
      return undefined;
    }
  }

  async function remember<T>(key: string, value: T): Promise<void> {
    try {
      await options.cache?.set(key, value, CACHE_TTL_SECONDS);
    } catch (error) {
      options.logger?.warn({ err: error, key }, 'geocode cache write failed');
    }
  }

  async function request(path: 'search' | 'reverse', params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const release = await takeTurn();
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json', 'Accept-Language': 'en' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GeocodeError('NETWORK_ERROR', GEOCODE_MESSAGES.network, { cause: error });
    } finally {
      release();
    }
    if (response.status === 429) throw new GeocodeError('RATE_LIMIT', GEOCODE_MESSAGES.rateLimit);
    if (!response.ok) {
      throw new GeocodeError(
        'NETWORK_ERROR',
        GEOCODE_MESSAGES.serviceError(response.statusText || String(response.status)),
      );
    }
    try {
      return await response.json();
    } catch (error) {
      throw new GeocodeError('NETWORK_ERROR', GEOCODE_MESSAGES.unexpected, { cause: error });
    }
  }

  return {
    async search(query, hints = {}) {
      const q = query.trim();
      if (!q) throw GeocodeError.invalidQuery();
      const country = hints.country?.toLowerCase() ?? (US_ZIP_PLUS_FOUR.test(q) ? 'us' : undefined);
      const key = `geocode:nominatim:search:${country ? `${country}:` : ''}${q.toLowerCase()}`;
      let results = await cached<GeocodeResult[]>(key);
      if (!results) {
        const body = await request('search', {
          q,
          format: 'json',
          addressdetails: '1',
          limit: '5',
          dedupe: '1',
          ...(country ? { countrycodes: country } : {}),
        });
        if (!Array.isArray(body)) throw new GeocodeError('NETWORK_ERROR', GEOCODE_MESSAGES.unexpected);
        results = body
          .map((place) => toGeocodeResult(place as NominatimPlace))
          .filter((r): r is GeocodeResult => r !== null)
          .slice(0, 5);
        // Empty answers are cached too: asking again within a day would only spend the request budget.
        await remember(key, results);
      }
      if (results.length === 0) throw GeocodeError.noResults();
      return results;
    },

    async reverse(latitude, longitude) {
      const lat = latitude.toFixed(5);
      const lon = longitude.toFixed(5);
      const key = `geocode:nominatim:reverse:${lat},${lon}`;
      const hit = await cached<GeocodeResult>(key);
      if (hit) return hit;
      try {
        const body = (await request('reverse', {
          lat,
          lon,
          format: 'json',
          addressdetails: '1',
        })) as NominatimPlace;
        const result = body && typeof body === 'object' && !body.error ? toGeocodeResult(body) : null;
        if (result) await remember(key, result);
        return result;
      } catch (error) {
        options.logger?.warn({ err: error }, 'reverse geocoding failed');
        return null;
      }
    },
  };
}
