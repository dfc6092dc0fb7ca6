import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';
import { basemapColours, basemapMaxZoom, clusterOptions, mapIds, markerColours } from './map-constants.ts';
import { clusterRadiusSteps, markerRadius } from './marker-size.ts';

export interface MapStyleOptions {
  /** An XYZ raster template with {z}/{x}/{y}. */
  tileUrl: string;
  /** The tiles' credit, already translated; left out when the page shows it in its own control. */
  attribution?: string;
}

const emptyCollection = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/** Cluster count badges are drawn on a canvas and registered under this prefix (no glyph server needed). */
export const clusterCountImagePrefix = 'cluster-count-';

/** A colour that fades into the land colour past the zoom where the offline coasts stop being right. */
const fadingToLand = (colour: string): ExpressionSpecification => [
  'interpolate',
  ['linear'],
  ['zoom'],
  basemapMaxZoom,
  colour,
  basemapMaxZoom + 1,
  basemapColours.land,
];

const clusterRadius: ExpressionSpecification = [
  'step',
  ['get', 'point_count'],
  ...clusterRadiusSteps.flatMap((step, index) =>
    index === 0 ? [step.radius] : [step.minCount, step.radius],
  ),
] as unknown as ExpressionSpecification;

/**
 * The whole map in one style: an offline world (sea, land, borders) under the raster tiles, then the
 * laundromat clusters and points, the selected laundromat and the user's position on top.
 */
export function buildMapStyle({ tileUrl, attribution }: MapStyleOptions): StyleSpecification {
  return {
    version: 8,
    sources: {
      [mapIds.countriesSource]: { type: 'geojson', data: emptyCollection() },
      [mapIds.tilesSource]: {
        type: 'raster',
        tiles: [tileUrl],
        tileSize: 256,
        maxzoom: 19,
        ...(attribution ? { attribution } : {}),
      },
      [mapIds.laundromatsSource]: {
        type: 'geojson',
        data: emptyCollection(),
        cluster: true,
        clusterRadius: clusterOptions.radius,
        clusterMaxZoom: clusterOptions.maxZoom,
      },
      [mapIds.selectionSource]: { type: 'geojson', data: emptyCollection() },
      [mapIds.userSource]: { type: 'geojson', data: emptyCollection() },
    },
    layers: [
      {
        id: mapIds.seaLayer,
        type: 'background',
        paint: { 'background-color': fadingToLand(basemapColours.sea) },
      },
      {
        id: mapIds.landLayer,
        type: 'fill',
        source: mapIds.countriesSource,
        paint: { 'fill-color': basemapColours.land },
      },
      {
        id: mapIds.bordersLayer,
        type: 'line',
        source: mapIds.countriesSource,
        paint: { 'line-color': fadingToLand(basemapColours.border), 'line-width': 0.75 },
      },
      {
        id: mapIds.tilesLayer,
        type: 'raster',
        source: mapIds.tilesSource,
        // A tile is drawn once when it arrives, not redrawn through a fade.
        paint: { 'raster-fade-duration': 0 },
      },
      {
        id: mapIds.clustersLayer,
        type: 'circle',
        source: mapIds.laundromatsSource,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': basemapColours.clusterFill,
          'circle-radius': clusterRadius,
          'circle-stroke-color': basemapColours.markerStroke,
          'circle-stroke-width': 2,
        },
      },
      {
        id: mapIds.clusterCountsLayer,
        type: 'symbol',
        source: mapIds.laundromatsSource,
        filter: ['has', 'point_count'],
        layout: {
          'icon-image': ['concat', clusterCountImagePrefix, ['get', 'point_count_abbreviated']],
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
        },
      },
      {
        id: mapIds.pointsLayer,
        type: 'circle',
        source: mapIds.laundromatsSource,
        filter: ['all', ['!', ['has', 'point_count']], ['!', ['get', 'selected']]],
        paint: {
          'circle-color': ['get', 'colour'],
          'circle-radius': markerRadius('normal'),
          'circle-stroke-color': basemapColours.markerStroke,
          'circle-stroke-width': 2,
        },
      },
      {
        id: mapIds.selectionLayer,
        type: 'circle',
        source: mapIds.selectionSource,
        paint: {
          'circle-color': ['get', 'colour'],
          'circle-radius': markerRadius('selected'),
          'circle-stroke-color': basemapColours.markerStroke,
          'circle-stroke-width': 3,
        },
      },
      {
        id: mapIds.userLayer,
        type: 'circle',
        source: mapIds.userSource,
        paint: {
          'circle-color': markerColours.user,
          'circle-radius': markerRadius('user'),
          'circle-stroke-color': basemapColours.markerStroke,
          'circle-stroke-width': 2,
        },
      },
    ],
  };
}
