import { describe, expect, it } from 'vitest';
import { clusterCountLabel } from '../../src/map/cluster-count-image.ts';
import {
  continuousRing,
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

const polygonsOf = (outlines: CountryOutlines) =>
  outlines.features.flatMap(({ geometry }) =>
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates,
  );

/** Land in any copy of the world: a ring may run past 180°, as maplibre draws it. */
function onLand(outlines: CountryOutlines, [longitude, latitude]: [number, number]): boolean {
  return [-360, 0, 360].some((turn) => {
    const point: [number, number] = [longitude + turn, latitude];
    return polygonsOf(outlines).some(
      ([outer, ...holes]) =>
        outer !== undefined && inRing(point, outer) && !holes.some((h) => inRing(point, h)),
    );
  });
}

/** Twice the ring's signed area: positive when it runs anticlockwise. */
function doubleArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
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

const atlases = [
  ['1:110m', loadCountryOutlines],
  ['1:50m', loadDetailedCountryOutlines],
] as const;

describe('the basemap on a flat map (issue 15, item 9)', () => {
  it('when an island crosses the antimeridian, then its ring runs on past 180° rather than across the world', () => {
    const island = [
      [179, 0],
      [-179, 0],
      [-179, 1],
      [179, 1],
      [179, 0],
    ];
    expect(continuousRing(island)).toEqual([
      [179, 0],
      [181, 0],
      [181, 1],
      [179, 1],
      [179, 0],
    ]);
  });

  it('when a coast goes round the South Pole, then its ring is closed along the pole from its southernmost point', () => {
    const coast = [
      [-180, -70],
      [-60, -86],
      [60, -70],
      [180, -70],
      [-180, -70],
    ];
    expect(continuousRing(coast)).toEqual([
      [-60, -86],
      [60, -70],
      [180, -70],
      [180, -70],
      [300, -86],
      [300, -90],
      [120, -90],
      [-60, -90],
      [-60, -86],
    ]);
  });

  it.each(atlases)(
    'when the %s atlas is loaded, then no ring steps more than 180° of longitude, which would draw an edge across the world',
    async (_, load) => {
      const steps = polygonsOf(await load())
        .flat()
        .flatMap((ring) => ring.slice(1).map(([x = 0], i) => Math.abs(x - (ring[i]?.[0] ?? 0))));
      expect(steps.length).toBeGreaterThan(1000);
      expect(Math.max(...steps)).toBeLessThanOrEqual(180);
    },
  );

  it.each(atlases)(
    'when the %s atlas is loaded, then every ring is closed, has an area, and runs anticlockwise round land and clockwise round a hole',
    async (_, load) => {
      const faults = polygonsOf(await load()).flatMap((rings) =>
        rings.flatMap((ring, index) => {
          const [first, last] = [ring[0], ring[ring.length - 1]];
          const area = doubleArea(ring);
          return [
            ...(first?.[0] === last?.[0] && first?.[1] === last?.[1] ? [] : ['open']),
            ...(Math.abs(area) > 1e-9 ? [] : ['empty']),
            ...((index === 0) === area > 0 ? [] : [index === 0 ? 'outer clockwise' : 'hole anticlockwise']),
          ];
        }),
      );
      expect(faults).toEqual([]);
    },
  );

  it.each(
    atlases.flatMap(([name, load]) =>
      (
        [
          ['the Norwegian Sea', [0, 68], false],
          ['the Denmark Strait', [-25, 67], false],
          ['the North Atlantic off Newfoundland', [-40, 50], false],
          ['the Bering Sea', [-178, 60], false],
          ['the Pacific by Fiji', [-178, -17.5], false],
          ['Greenland', [-40, 72], true],
          ['Iceland', [-19, 64.8], true],
          ['inland Norway', [16, 66.5], true],
          ['central Russia', [90, 60], true],
          ['Chukotka west of the antimeridian', [-175, 66.5], true],
          ['Chukotka east of it', [175, 66.5], true],
          ['Antarctica at the South Pole', [0, -89], true],
          ['Antarctica across the antimeridian', [180, -85], true],
        ] as const
      ).map(([place, point, land]) => [name, place, point, land, load] as const),
    ),
  )('when the %s atlas is looked up at %s, then it is land: %s', async (_, __, point, land, load) => {
    expect(onLand(await load(), [point[0], point[1]])).toBe(land);
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
