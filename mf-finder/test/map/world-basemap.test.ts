import { describe, expect, it } from 'vitest';
import { clusterCountLabel } from '../../src/map/cluster-count-image.ts';
import { loadCountryOutlines } from '../../src/map/world-basemap.ts';

describe('offline world basemap', () => {
  it('when loaded, then every country of the 1:110m atlas is a polygon feature with a name', async () => {
    const outlines = await loadCountryOutlines();
    expect(outlines.type).toBe('FeatureCollection');
    expect(outlines.features.length).toBeGreaterThan(150);
    for (const country of outlines.features) {
      expect(['Polygon', 'MultiPolygon']).toContain(country.geometry.type);
    }
    expect(outlines.features.map((f) => f.properties.name)).toEqual(
      expect.arrayContaining(['Malaysia', 'France']),
    );
  });
});

describe('cluster count images', () => {
  it.each([
    ['cluster-count-12', '12'],
    ['cluster-count-3.5k', '3.5k'],
    ['some-other-icon', null],
  ])('when maplibre asks for %s, then the count drawn is %o', (id, label) => {
    expect(clusterCountLabel(id)).toBe(label);
  });
});
