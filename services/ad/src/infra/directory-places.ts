import { countryCodeOfName, type DirectoryClient } from '@laundry/contracts';
import type { PlaceResolver } from '../domain/delivery/ad-server.ts';

/** Remembers at most this many answers of each kind; the oldest goes first. */
const capacity = 20_000;

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= capacity) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/**
 * The directory's answers, remembered: a point rounded to about a kilometre names the same city, and a
 * laundromat does not move, so most decisions ask the directory nothing.
 */
export function createDirectoryPlaces(directory: DirectoryClient): PlaceResolver {
  const places = new Map<string, { city: string | null; country: string | null } | null>();
  const points = new Map<string, { latitude: number; longitude: number } | null>();
  return {
    async placeOf(latitude, longitude) {
      const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
      if (places.has(key)) return places.get(key)!;
      const result = await directory.reversePlace(latitude, longitude);
      return remember(
        places,
        key,
        result
          ? {
              city: result.city ?? null,
              country: result.country ? (countryCodeOfName(result.country) ?? null) : null,
            }
          : null,
      );
    },
    async laundromatPoint(laundromatId) {
      if (points.has(laundromatId)) return points.get(laundromatId)!;
      return remember(points, laundromatId, await directory.laundromatPoint(laundromatId));
    },
  };
}
