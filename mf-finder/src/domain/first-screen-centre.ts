import { mapDefaults } from '@laundry/contracts';
import type { Coordinates } from './geo-distance.ts';
import { timeZoneCentres } from './time-zone-centres.ts';

export interface TimeZonePlace extends Coordinates {
  /** ISO 3166 alpha-2 of the zone's country. */
  country: string;
}

/** The country and principal city of a tz database zone ('Europe/Paris' → FR at 49, 2), or null. */
export function timeZonePlace(timeZone: string | undefined): TimeZonePlace | null {
  if (!timeZone) return null;
  const slash = timeZone.indexOf('/');
  const entries = slash > 0 ? timeZoneCentres[timeZone.slice(0, slash)] : undefined;
  if (!entries) return null;
  const name = timeZone.slice(slash + 1);
  for (const entry of entries.split('|')) {
    const [place, latitude, longitude, country] = entry.split(' ');
    if (place === name && country)
      return { latitude: Number(latitude), longitude: Number(longitude), country };
  }
  return null;
}

function browserTimeZone(): string | undefined {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

let centre: Coordinates | undefined;

/**
 * Where the first screen starts without the device's position or a search: the region of the browser's
 * time zone (read on the device, no network call), else the default centre (docs/product.md, Constants).
 * Kept for the page's life, so the first list, its prefetch and the map agree.
 */
export function firstScreenCentre(timeZone: string | undefined = browserTimeZone()): Coordinates {
  if (centre) return centre;
  const place = timeZonePlace(timeZone);
  centre = place
    ? { latitude: place.latitude, longitude: place.longitude }
    : { latitude: mapDefaults.latitude, longitude: mapDefaults.longitude };
  return centre;
}
