import type { PlacementKey } from '@laundry/contracts';

export interface AdRequest {
  placement: PlacementKey;
  /** The place the page is about: the searched place, else the device's position. */
  latitude?: number | null;
  longitude?: number | null;
  /** The laundromat whose detail is shown: the ad service targets its position. */
  laundromatId?: string | null;
  /** The page view the slot is part of: the ad service fills no two of its slots with one campaign. */
  view?: string;
}

/**
 * A new page view's id (a UUID v4). `crypto.randomUUID` exists only on secure origins; a page opened over
 * plain HTTP on a local network makes one from `getRandomValues`, which exists everywhere.
 */
export const newPageView = (): string =>
  crypto.randomUUID?.() ??
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (Number(digit) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(digit) / 4)))).toString(
      16,
    ),
  );

/**
 * Coordinates go to the ad service to two decimals (about 1 km): enough for its area and city targeting, no
 * more of the visitor's position than that, and a map moved by a few streets asks for no new ad.
 */
export const roundForAds = (degrees: number) => Math.round(degrees * 100) / 100;

const hasPoint = (request: AdRequest) =>
  typeof request.latitude === 'number' &&
  typeof request.longitude === 'number' &&
  Number.isFinite(request.latitude) &&
  Number.isFinite(request.longitude);

/** GET /api/ads for a slot; the query key of the slot's ad is this URL. */
export function adRequestUrl(request: AdRequest): string {
  const params = new URLSearchParams({ placement: request.placement });
  if (hasPoint(request)) {
    params.set('latitude', String(roundForAds(request.latitude!)));
    params.set('longitude', String(roundForAds(request.longitude!)));
  }
  if (request.laundromatId) params.set('laundromatId', request.laundromatId);
  if (request.view) params.set('view', request.view);
  return `/api/ads?${params.toString()}`;
}
