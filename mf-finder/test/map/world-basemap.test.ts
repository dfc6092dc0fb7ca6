import { describe, expect, it } from 'vitest';
import { clusterCountLabel } from '../../src/map/cluster-count-image.ts';
import {
  loadCountryOutlines,
  loadDetailedCountryOutlines,
  type CountryOutlines,
} from '../../src/map/world-basemap.ts';

type Ring = number[][];

/** Even-odd ray casting: enough for a test point well inside or outside a coast. */
function inRing([x, y]: [number, number], ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onLand(outlines: CountryOutlines, point: [number, number]): boolean {
  return outlines.features.some(({ geometry }) =>
    (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).some(
      ([outer, ...holes]) =>
        outer !== undefined && inRing(point, outer) && !holes.some((h) => inRing(point, h)),
    ),
  );
}

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

describe('the detailed basemap', () => {
  it.each([
    ['Manhattan', [-73.97, 40.78], true],
    ['Brooklyn', [-73.95, 40.65], true],
    ['Jersey City', [-74.07, 40.72], true],
    ["New York's upper bay", [-74.04, 40.67], false],
    ['the Thames estuary', [0.9, 51.5], false],
    ['Tokyo Bay', [139.85, 35.5], false],
    ['San Francisco Bay', [-122.35, 37.7], false],
  ] as const)('when %s is looked up in the 1:50m atlas, then it is land: %s', async (_, point, land) => {
    // The 1:110m atlas has the Thames, Tokyo Bay and San Francisco Bay as land.
    expect(onLand(await loadDetailedCountryOutlines(), [point[0], point[1]])).toBe(land);
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
