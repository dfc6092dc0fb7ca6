import type { GeocodeResult, ReverseGeocodeResponse } from '@laundry/contracts';

/**
 * The place at a point (GET /api/geocode/reverse, the directory's lookup the place search uses), or null when
 * there is none or it cannot be asked: filling a form from it is a help, never a step that can fail.
 */
export async function reversePlace(latitude: number, longitude: number): Promise<GeocodeResult | null> {
  const params = new URLSearchParams({ lat: String(latitude), lon: String(longitude) });
  try {
    const response = await fetch(`/api/geocode/reverse?${params.toString()}`, { credentials: 'include' });
    if (!response.ok) return null;
    return ((await response.json()) as ReverseGeocodeResponse).result;
  } catch {
    return null;
  }
}
