import type { Coordinates } from '../domain/geo-distance.ts';

/**
 * What a person asked of the map preview, carried out by the interactive map once it has loaded: the
 * preview has no camera of its own to move.
 */
export type MapAction =
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'findMyLocation' }
  | { type: 'showPopup'; laundromatId: string }
  | { type: 'expandCluster'; center: Coordinates; zoom: number };

/** Where the map looks before anyone moves it: the searched place, else the user, else the default. */
export function initialCameraCenter(
  searchLocation: Coordinates | null | undefined,
  userLocation: Coordinates | null | undefined,
  fallback: Coordinates,
): Coordinates {
  const at = searchLocation ?? userLocation ?? fallback;
  return { latitude: at.latitude, longitude: at.longitude };
}
