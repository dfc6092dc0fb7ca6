import type { Laundromat, LaundromatPointsResponse } from '@laundry/contracts';
import type { FeatureCollection, Point } from 'geojson';
import { defaultFilterSet } from './filter-query.ts';
import { writeFinderUrl } from './finder-url.ts';
import type { Coordinates } from './geo-distance.ts';
import { defaultSortDirection } from './sorting.ts';

export type LaundromatPoint = LaundromatPointsResponse['points'][number];

/**
 * A point is given to 5 decimals (under a metre off); the laundromats this close to it, when asked for the
 * nearest to it, are the ones it stands for (two in one building share a point).
 */
export const samePointMeters = 2;

/** How many laundromats one point is looked up as: more than ever share one spot. */
export const pointLookupLimit = 5;

export const pointCoordinates = ([longitude, latitude]: LaundromatPoint): Coordinates => ({
  latitude,
  longitude,
});

/**
 * The two corners of the box around every point, for the camera that opens on them all; null without any.
 * Folded by hand: 20,000 values spread into Math.min would overflow some engines' argument limits.
 */
export function pointsBox(points: readonly LaundromatPoint[]): [Coordinates, Coordinates] | null {
  if (points.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const [longitude, latitude] of points) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [
    { latitude: south, longitude: west },
    { latitude: north, longitude: east },
  ];
}

/** The API query for the laundromats nearest a point, nearest first with their distance. */
export function pointLookupKey(point: Coordinates): readonly [string, string] {
  const query = new URLSearchParams({
    latitude: String(point.latitude),
    longitude: String(point.longitude),
    limit: String(pointLookupLimit),
  });
  return ['/api/laundromats', query.toString()];
}

/** Of the laundromats nearest a point, those the point stands for. */
export function laundromatsAtPoint<T extends Pick<Laundromat, 'distanceMeters'>>(nearest: readonly T[]): T[] {
  return nearest.filter(
    (item) => item.distanceMeters !== undefined && item.distanceMeters <= samePointMeters,
  );
}

/**
 * The finder opened on a laundromat: a search at its coordinates (the list around it, once its detail is
 * closed) with its detail open, in the finder's own link scheme.
 */
export function finderLinkTo(laundromat: Pick<Laundromat, 'id' | 'latitude' | 'longitude'>): string {
  const params = writeFinderUrl({
    query: `${laundromat.latitude}, ${laundromat.longitude}`,
    area: null,
    filters: defaultFilterSet(),
    sort: { mode: 'distance', direction: defaultSortDirection.distance },
    laundromatId: laundromat.id,
  });
  return `/?${params.toString()}`;
}

/** One colour for every laundromat: their open status is known only once one is asked for. */
export const explorePointColour = '#2563eb';

export interface ExplorePointProperties {
  /** The point's index in the answer, which is how a click finds it again. */
  id: number;
  colour: string;
  selected: false;
}

/** The points as the clustered source takes them (the style's point layer reads colour and selected). */
export function explorePointFeatures(
  points: readonly LaundromatPoint[],
): FeatureCollection<Point, ExplorePointProperties> {
  return {
    type: 'FeatureCollection',
    features: points.map((coordinates, id) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [coordinates[0], coordinates[1]] },
      properties: { id, colour: explorePointColour, selected: false },
    })),
  };
}
