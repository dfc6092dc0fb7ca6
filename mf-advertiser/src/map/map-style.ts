import type { FeatureCollection } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

/** OpenStreetMap's standard raster tiles, as on the finder's map. */
export const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The finder's basemap colours (sea, land, borders under the tiles) and the target area's. */
export const mapColours = {
  sea: '#bfdbfe',
  land: '#f1f5f9',
  border: '#94a3b8',
  areaFill: '#2563eb',
  areaLine: '#1d4ed8',
} as const;

export const mapIds = {
  countriesSource: 'countries',
  tilesSource: 'raster-tiles',
  areaSource: 'target-area',
  seaLayer: 'sea',
  landLayer: 'land',
  bordersLayer: 'borders',
  tilesLayer: 'raster-tiles',
  areaFillLayer: 'target-area-fill',
  areaLineLayer: 'target-area-line',
} as const;

export const emptyCollection = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/**
 * The finder's map style (offline world under the OpenStreetMap tiles, the same sources and colours) with the
 * campaign's target area on top: a translucent disc and its outline.
 */
export function buildTargetMapStyle(tileUrl: string = defaultTileUrl): StyleSpecification {
  return {
    version: 8,
    sources: {
      [mapIds.countriesSource]: { type: 'geojson', data: emptyCollection() },
      [mapIds.tilesSource]: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 },
      [mapIds.areaSource]: { type: 'geojson', data: emptyCollection() },
    },
    layers: [
      { id: mapIds.seaLayer, type: 'background', paint: { 'background-color': mapColours.sea } },
      {
        id: mapIds.landLayer,
        type: 'fill',
        source: mapIds.countriesSource,
        paint: { 'fill-color': mapColours.land },
      },
      {
        id: mapIds.bordersLayer,
        type: 'line',
        source: mapIds.countriesSource,
        paint: { 'line-color': mapColours.border, 'line-width': 0.75 },
      },
      {
        id: mapIds.tilesLayer,
        type: 'raster',
        source: mapIds.tilesSource,
        paint: { 'raster-fade-duration': 0 },
      },
      {
        id: mapIds.areaFillLayer,
        type: 'fill',
        source: mapIds.areaSource,
        paint: { 'fill-color': mapColours.areaFill, 'fill-opacity': 0.18 },
      },
      {
        id: mapIds.areaLineLayer,
        type: 'line',
        source: mapIds.areaSource,
        paint: { 'line-color': mapColours.areaLine, 'line-width': 2 },
      },
    ],
  };
}
