import type { GeocodeResponse, GeocodeResult } from '@laundry/contracts';
import { distanceMeters, type Coordinates } from '../domain/geo-distance.ts';

/** The add form asks before it keeps a pin this far from the address searched. */
export const farFromAddressMeters = 1000;

/**
 * The address searched with the product's geocoder (GET /api/geocode): its best place, null when none is
 * known; a failure to ask is thrown, so the form can tell 'not found' from 'could not search'.
 */
export async function findAddress(query: string): Promise<GeocodeResult | null> {
  const response = await fetch(`/api/geocode?${new URLSearchParams({ q: query }).toString()}`, {
    credentials: 'include',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Geocoding answered ${response.status}`);
  return ((await response.json()) as GeocodeResponse).results[0] ?? null;
}

/** How far the pin stands from the address searched, when that is more than farFromAddressMeters. */
export function pinDistanceFromAddress(pin: Coordinates | null, address: Coordinates | null): number | null {
  const meters = distanceMeters(pin, address);
  return meters !== null && meters > farFromAddressMeters ? meters : null;
}

/** The pin the form's boxes describe, or null while they hold no usable point (empty, text, 0, 0). */
export function pinOf(latitude: string, longitude: string): Coordinates | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return null;
  if (Math.abs(point.latitude) > 90 || Math.abs(point.longitude) > 180) return null;
  if (point.latitude === 0 && point.longitude === 0) return null;
  return point;
}

/** Coordinates as the boxes show them: 6 decimals is 11 cm, finer than any pin is placed. */
export const coordinateText = (value: number) => String(Math.round(value * 1e6) / 1e6);
