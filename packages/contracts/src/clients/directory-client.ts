import { z } from 'zod';
import { geocodeResponseSchema, reverseGeocodeResponseSchema, type GeocodeResult } from '../geocode.ts';
import { laundromatNamesLimit, laundromatNamesResponseSchema } from '../laundromat-names.ts';
import { ServiceUnavailableError } from './service-unavailable.ts';

/** The directory's synchronous answers to the services that call it while a user waits. */
export interface DirectoryClient {
  /**
   * True when the directory lists the laundromat (approved and active), false when it does not know it.
   * Asked anonymously, so a laundromat still waiting for approval reads as unknown.
   */
  isListed(laundromatId: string): Promise<boolean>;
  /** Up to 5 places for a name, best first (GET /api/geocode); empty when the directory knows none. */
  findPlaces(query: string): Promise<GeocodeResult[]>;
  /** The nearest known place to a point (GET /api/geocode/reverse), or null. */
  reversePlace(latitude: number, longitude: number): Promise<GeocodeResult | null>;
  /** A listed laundromat's position (with its listing's machine counts), or null when it is not listed. */
  laundromatPoint(laundromatId: string): Promise<{
    latitude: number;
    longitude: number;
    numWashers?: number | null;
    numDryers?: number | null;
    /** Its IANA time zone (the busyness chart's hours are its local ones). */
    timeZone?: string;
  } | null>;
  /**
   * The names of the listed laundromats among `laundromatIds` (at most 200), by id; an id the directory does
   * not list is left out. No call is made for an empty list.
   */
  laundromatNames(laundromatIds: readonly string[]): Promise<Map<string, string>>;
  /** A listed laundromat's name and website (an owner's claim checks its mail domain), or null. */
  laundromatProfile(laundromatId: string): Promise<{ name: string; website: string | null } | null>;
}

export interface DirectoryClientOptions {
  /** DIRECTORY_URL of the caller's settings. */
  baseUrl: string;
  /** How long the caller's user may wait for the answer. */
  timeoutMs: number;
  /** What the caller's user is told when the directory cannot answer (a 503). */
  unavailableMessage: string;
}

/**
 * Over HTTP, because the user is waiting for the answer (docs/architecture.md): 200 is listed, 404 is not,
 * and a directory that is down, slow or answers anything else is a 503, so nothing is ever stored on a guess.
 */
export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  const unavailable = () => new ServiceUnavailableError(options.unavailableMessage, 'DIRECTORY_UNAVAILABLE');
  return {
    async isListed(laundromatId) {
      const url = new URL(`/api/laundromats/${encodeURIComponent(laundromatId)}`, options.baseUrl);
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch {
        throw unavailable();
      }
      // Only the status matters; the body is read to its end so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 200) return true;
      if (response.status === 404) return false;
      throw unavailable();
    },
    async findPlaces(query) {
      const url = new URL('/api/geocode', options.baseUrl);
      url.searchParams.set('q', query);
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (response.status === 200) {
          const parsed = geocodeResponseSchema.safeParse(await response.json());
          if (parsed.success) return parsed.data.results;
        } else {
          await response.arrayBuffer();
          // A place the directory does not know is a 404 (NO_RESULTS); anything else is its failure.
          if (response.status === 404) return [];
        }
      } catch {
        throw unavailable();
      }
      throw unavailable();
    },
    async reversePlace(latitude, longitude) {
      const url = new URL('/api/geocode/reverse', options.baseUrl);
      url.searchParams.set('lat', String(latitude));
      url.searchParams.set('lon', String(longitude));
      const body = await getJson(url);
      const parsed = reverseGeocodeResponseSchema.safeParse(body);
      if (!parsed.success) throw unavailable();
      return parsed.data.result;
    },
    async laundromatPoint(laundromatId) {
      const url = new URL(`/api/laundromats/${encodeURIComponent(laundromatId)}`, options.baseUrl);
      const body = await getJson(url, true);
      if (body === undefined) return null;
      const point = laundromatPointSchema.safeParse(body);
      if (!point.success) throw unavailable();
      return point.data;
    },
    async laundromatProfile(laundromatId) {
      const url = new URL(`/api/laundromats/${encodeURIComponent(laundromatId)}`, options.baseUrl);
      const body = await getJson(url, true);
      if (body === undefined) return null;
      const profile = laundromatProfileSchema.safeParse(body);
      if (!profile.success) throw unavailable();
      return profile.data;
    },
    async laundromatNames(laundromatIds) {
      const ids = [...new Set(laundromatIds)];
      if (ids.length === 0) return new Map();
      if (ids.length > laundromatNamesLimit) throw new RangeError(`at most ${laundromatNamesLimit} ids`);
      const url = new URL('/internal/laundromats/names', options.baseUrl);
      url.searchParams.set('ids', ids.join(','));
      const parsed = laundromatNamesResponseSchema.safeParse(await getJson(url));
      if (!parsed.success) throw unavailable();
      return new Map(Object.entries(parsed.data.names));
    },
  };

  /** The body of a 200; undefined for a 404 when `missingIsUndefined`; anything else is the callee's failure. */
  async function getJson(url: URL, missingIsUndefined = false): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (response.status === 200) return await response.json();
      await response.arrayBuffer();
    } catch {
      throw unavailable();
    }
    if (response.status === 404 && missingIsUndefined) return undefined;
    throw unavailable();
  }
}

/** Its position, and the machine counts of its listing (the availability service's first totals). */
const laundromatPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  numWashers: z.number().int().nullable().optional(),
  numDryers: z.number().int().nullable().optional(),
  timeZone: z.string().min(1).optional(),
});

const laundromatProfileSchema = z.object({
  name: z.string(),
  website: z.string().nullable().catch(null),
});
