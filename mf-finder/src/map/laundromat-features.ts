import type { Laundromat } from '@laundry/contracts';
import type { Feature, FeatureCollection, Point } from 'geojson';
import {
  currentOpenStatus,
  hoursUnknown,
  isOpenNowAt,
  type BadgeTone,
} from '../domain/open-status-display.ts';
import { markerColours } from './map-constants.ts';

export interface LaundromatFeatureProperties {
  id: string;
  /** OPEN/CLOSED in the map reading (the closing minute is closed); neutral when the hours cannot say. */
  tone: BadgeTone;
  colour: string;
  selected: boolean;
}

export type LaundromatFeature = Feature<Point, LaundromatFeatureProperties>;
export type LaundromatFeatureCollection = FeatureCollection<Point, LaundromatFeatureProperties>;

export type MappableLaundromat = Pick<
  Laundromat,
  'id' | 'latitude' | 'longitude' | 'hours' | 'timeZone' | 'openStatus'
>;

export function laundromatFeature(
  laundromat: MappableLaundromat,
  selectedId: string | null | undefined,
  now: Date,
): LaundromatFeature {
  const tone: BadgeTone = isOpenNowAt(laundromat, now)
    ? 'open'
    : hoursUnknown(currentOpenStatus(laundromat, now))
      ? 'neutral'
      : 'closed';
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [laundromat.longitude, laundromat.latitude] },
    properties: {
      id: laundromat.id,
      tone,
      colour: markerColours[tone],
      selected: laundromat.id === selectedId,
    },
  };
}

/** The clustered marker source: one point per laundromat, coloured by whether it is open at `now`. */
export function laundromatFeatureCollection(
  laundromats: readonly MappableLaundromat[],
  selectedId: string | null | undefined,
  now: Date,
): LaundromatFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: laundromats.map((laundromat) => laundromatFeature(laundromat, selectedId, now)),
  };
}

/**
 * The selected laundromat alone, drawn from its own unclustered source so it stays visible (and larger)
 * even where its neighbours have merged into a cluster.
 */
export function selectionFeatureCollection(
  collection: LaundromatFeatureCollection,
): LaundromatFeatureCollection {
  return { type: 'FeatureCollection', features: collection.features.filter((f) => f.properties.selected) };
}

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export function pointFeatureCollection(point: MapPoint | null | undefined): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: point
      ? [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
            properties: {},
          },
        ]
      : [],
  };
}
