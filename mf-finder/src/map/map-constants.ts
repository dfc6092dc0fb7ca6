import { markerColours } from '@laundry/contracts';

/** OpenStreetMap's standard raster tiles; a deployment may point the map at its own tile server. */
export const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Marker diameters in CSS pixels (docs/product.md, Pages): a selected laundromat stands out, the user's dot
 * is small.
 */
export const markerDiameters = { normal: 32, selected: 40, user: 16 } as const;

/** Ocean and land of the offline basemap, drawn under the tiles so a failed tile shows geography, not a blank. */
export const basemapColours = {
  sea: '#bfdbfe',
  land: '#f1f5f9',
  border: '#94a3b8',
  clusterFill: '#334155',
  clusterText: '#ffffff',
  markerStroke: '#ffffff',
} as const;

export { markerColours };

/**
 * The offline basemap's coasts (the 1:50m atlas) are right to a few pixels up to this zoom; from here to one
 * zoom more, land and sea fade into the land colour, so a city beyond the tiles kept is plain, never flooded.
 */
export const basemapMaxZoom = 8;

/** Points closer than this many pixels join a cluster; beyond zoom 14 every laundromat shows on its own. */
export const clusterOptions = { radius: 50, maxZoom: 14 } as const;

/** Source and layer ids shared by the style and the component's event handlers. */
export const mapIds = {
  countriesSource: 'countries',
  tilesSource: 'raster-tiles',
  laundromatsSource: 'laundromats',
  selectionSource: 'selected-laundromat',
  userSource: 'user-location',
  seaLayer: 'sea',
  landLayer: 'land',
  bordersLayer: 'borders',
  tilesLayer: 'raster-tiles',
  clustersLayer: 'laundromat-clusters',
  clusterCountsLayer: 'laundromat-cluster-counts',
  pointsLayer: 'laundromat-points',
  selectionLayer: 'laundromat-selected',
  userLayer: 'user-location',
} as const;

/** A search location this close to the map's centre is where the map already is (a map-area search). */
export const searchLocationSameAsCentreMeters = 25;
