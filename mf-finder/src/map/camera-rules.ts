import { distanceMeters, type Coordinates } from '../domain/geo-distance.ts';
import { searchLocationSameAsCentreMeters } from './map-constants.ts';

export interface ViewportBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface MapViewport {
  center: Coordinates;
  bounds: ViewportBounds;
  /** The zoom the person left the map at, so a link to the area opens on the same view. */
  zoom: number;
}

/** What the map reports to the page after a move: maplibre's lng/lat pairs in the page's terms. */
export function mapViewport(
  center: { lng: number; lat: number },
  bounds: { getNorth(): number; getSouth(): number; getEast(): number; getWest(): number },
  zoom: number,
): MapViewport {
  return {
    center: { latitude: center.lat, longitude: center.lng },
    zoom,
    bounds: {
      north: bounds.getNorth(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      west: bounds.getWest(),
    },
  };
}

/**
 * A new search location recentres the map, except when it is where the map already is: a map move sets a
 * 'map area' search location at the centre, and flying there would undo the user's own zoom.
 */
export function shouldFlyToSearchLocation(mapCentre: Coordinates, searchLocation: Coordinates): boolean {
  const apart = distanceMeters(mapCentre, searchLocation);
  return apart !== null && apart >= searchLocationSameAsCentreMeters;
}

/** Two readings of a location prop are the same place (the page may pass a new object each render). */
export function isSamePlace(a: Coordinates | null | undefined, b: Coordinates | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a.latitude === b.latitude && a.longitude === b.longitude;
}
