import Supercluster from 'supercluster';
import type { Coordinates } from '../domain/geo-distance.ts';
import {
  laundromatFeatureCollection,
  type LaundromatFeatureProperties,
  type MappableLaundromat,
} from './laundromat-features.ts';
import { clusterOptions, markerColours, markerDiameters } from './map-constants.ts';
import { clusterRadiusSteps } from './marker-size.ts';
import {
  projectToView,
  worldTileSize,
  type Camera,
  type ScreenPoint,
  type ViewSize,
} from './web-mercator.ts';

export interface PreviewPoint extends ScreenPoint {
  kind: 'laundromat';
  id: string;
  colour: string;
  diameter: number;
  selected: boolean;
}

export interface PreviewCluster extends ScreenPoint {
  kind: 'cluster';
  key: string;
  /** Shortened as on the interactive map (1.2k). */
  label: string;
  count: number;
  diameter: number;
  center: Coordinates;
  /** The zoom at which the cluster falls apart, where a click on it takes the map. */
  expansionZoom: number;
}

export interface PreviewUser extends ScreenPoint {
  kind: 'user';
  colour: string;
  diameter: number;
}

export type PreviewMarker = PreviewPoint | PreviewCluster | PreviewUser;

function clusterDiameter(count: number): number {
  let radius: number = clusterRadiusSteps[0].radius;
  for (const step of clusterRadiusSteps) if (count >= step.minCount) radius = step.radius;
  return radius * 2;
}

/**
 * The markers the interactive map would draw for this camera, placed in the view: laundromats clustered
 * as maplibre's clustered GeoJSON source does (supercluster, same radius and last clustering zoom, on
 * 512-pixel tiles at the camera's whole zoom), the selected laundromat always on its own and larger, and
 * the user's position on top. Drawn in that order; markers wholly outside the view are left out.
 */
export function previewMarkers(input: {
  laundromats: readonly MappableLaundromat[];
  selectedId: string | null | undefined;
  userLocation: Coordinates | null | undefined;
  camera: Camera;
  size: ViewSize;
  now: Date;
}): PreviewMarker[] {
  const { camera, size } = input;
  const features = laundromatFeatureCollection(input.laundromats, input.selectedId, input.now).features;
  const zoom = Math.floor(camera.zoom);
  const index = new Supercluster<LaundromatFeatureProperties>({
    radius: clusterOptions.radius,
    maxZoom: clusterOptions.maxZoom,
    // Levels are built from the last clustering zoom down; none below the preview's own is ever asked for.
    minZoom: Math.min(Math.max(0, zoom), clusterOptions.maxZoom),
    extent: worldTileSize,
  }).load(features);

  const markers: PreviewMarker[] = [];
  const selected: PreviewPoint[] = [];
  for (const item of index.getClusters([-180, -90, 180, 90], zoom)) {
    const [longitude, latitude] = item.geometry.coordinates as [number, number];
    const at = projectToView({ latitude, longitude }, camera, size);
    const properties = item.properties;
    if ('cluster' in properties && properties.cluster) {
      markers.push({
        kind: 'cluster',
        key: `cluster-${properties.cluster_id}`,
        label: String(properties.point_count_abbreviated),
        count: properties.point_count,
        diameter: clusterDiameter(properties.point_count),
        center: { latitude, longitude },
        expansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
        ...at,
      });
      continue;
    }
    const point = properties as LaundromatFeatureProperties;
    if (point.selected) continue;
    markers.push({
      kind: 'laundromat',
      id: point.id,
      colour: point.colour,
      diameter: markerDiameters.normal,
      selected: false,
      ...at,
    });
  }
  for (const feature of features) {
    if (!feature.properties.selected) continue;
    const [longitude, latitude] = feature.geometry.coordinates;
    selected.push({
      kind: 'laundromat',
      id: feature.properties.id,
      colour: feature.properties.colour,
      diameter: markerDiameters.selected,
      selected: true,
      ...projectToView({ latitude: latitude ?? 0, longitude: longitude ?? 0 }, camera, size),
    });
  }
  markers.push(...selected);
  if (input.userLocation) {
    markers.push({
      kind: 'user',
      colour: markerColours.user,
      diameter: markerDiameters.user,
      ...projectToView(input.userLocation, camera, size),
    });
  }
  return markers.filter((marker) => isInView(marker, size));
}

/** Whether any part of the marker shows in the view. */
function isInView(marker: PreviewMarker, size: ViewSize): boolean {
  const radius = marker.diameter / 2;
  return (
    marker.x + radius >= 0 &&
    marker.x - radius <= size.width &&
    marker.y + radius >= 0 &&
    marker.y - radius <= size.height
  );
}
