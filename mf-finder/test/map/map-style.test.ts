import { describe, expect, it } from 'vitest';
import type { CircleLayerSpecification, LayerSpecification } from 'maplibre-gl';
import { buildMapStyle } from '../../src/map/map-style.ts';
import { defaultTileUrl, mapIds } from '../../src/map/map-constants.ts';

const style = buildMapStyle({ tileUrl: defaultTileUrl, attribution: '© OpenStreetMap contributors' });
const layer = (id: string): LayerSpecification | undefined => style.layers.find((l) => l.id === id);
const circle = (id: string) => layer(id) as CircleLayerSpecification;

describe('map style', () => {
  it('when built, then the raster tiles come from the given URL with OpenStreetMap attribution', () => {
    expect(style.sources[mapIds.tilesSource]).toMatchObject({
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('when another tile server is configured, then the style uses it', () => {
    const custom = buildMapStyle({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'x' });
    expect(custom.sources[mapIds.tilesSource]).toMatchObject({
      tiles: ['https://tiles.example/{z}/{x}/{y}.png'],
    });
  });

  it('when built, then laundromats are clustered by maplibre', () => {
    expect(style.sources[mapIds.laundromatsSource]).toMatchObject({ type: 'geojson', cluster: true });
  });

  it('when built, then no layer needs a glyph or sprite server (the map works offline)', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.filter((l) => l.type === 'symbol' && 'text-field' in (l.layout ?? {}))).toEqual([]);
  });

  it('when drawn, then the layers stack offline world, tiles, clusters, points, selection, user', () => {
    expect(style.layers.map((l) => l.id)).toEqual([
      mapIds.seaLayer,
      mapIds.landLayer,
      mapIds.bordersLayer,
      mapIds.tilesLayer,
      mapIds.clustersLayer,
      mapIds.clusterCountsLayer,
      mapIds.pointsLayer,
      mapIds.selectionLayer,
      mapIds.userLayer,
    ]);
  });

  it.each([
    [mapIds.landLayer, mapIds.countriesSource],
    [mapIds.bordersLayer, mapIds.countriesSource],
    [mapIds.tilesLayer, mapIds.tilesSource],
    [mapIds.clustersLayer, mapIds.laundromatsSource],
    [mapIds.clusterCountsLayer, mapIds.laundromatsSource],
    [mapIds.pointsLayer, mapIds.laundromatsSource],
    [mapIds.selectionLayer, mapIds.selectionSource],
    [mapIds.userLayer, mapIds.userSource],
  ])('when the %s layer is drawn, then it reads the %s source', (layerId, sourceId) => {
    const found = layer(layerId);
    expect(found && 'source' in found ? found.source : undefined).toBe(sourceId);
    expect(style.sources[sourceId]).toBeDefined();
  });

  it.each([
    [mapIds.pointsLayer, 16, ['get', 'colour']],
    [mapIds.selectionLayer, 20, ['get', 'colour']],
    [mapIds.userLayer, 8, '#2563eb'],
  ])('when the %s layer is drawn, then its radius is %s and its colour %o', (layerId, radius, colour) => {
    expect(circle(layerId).paint).toMatchObject({ 'circle-radius': radius, 'circle-color': colour });
  });

  it('when a point is selected, then the clustered points layer leaves it to the selection layer', () => {
    expect(circle(mapIds.pointsLayer).filter).toEqual([
      'all',
      ['!', ['has', 'point_count']],
      ['!', ['get', 'selected']],
    ]);
    expect(circle(mapIds.clustersLayer).filter).toEqual(['has', 'point_count']);
  });

  it('when clusters are drawn, then their radius steps up with the count', () => {
    expect(circle(mapIds.clustersLayer).paint?.['circle-radius']).toEqual([
      'step',
      ['get', 'point_count'],
      16,
      100,
      24,
      1000,
      30,
    ]);
  });
});
