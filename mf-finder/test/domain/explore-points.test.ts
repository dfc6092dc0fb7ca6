import { describe, expect, it } from 'vitest';
import {
  explorePointFeatures,
  finderLinkTo,
  laundromatsAtPoint,
  pointLookupKey,
  pointsBox,
} from '../../src/domain/explore-points.ts';
import { queryKeyToUrl } from '../../src/domain/filter-query.ts';
import { readFinderUrl } from '../../src/domain/finder-url.ts';

describe('pointsBox', () => {
  it('when there are points, then the box runs from the south-west corner to the north-east one', () => {
    expect(
      pointsBox([
        [-0.1, 51.5],
        [151.2, -33.9],
        [-74, 40.7],
      ]),
    ).toEqual([
      { latitude: -33.9, longitude: -74 },
      { latitude: 51.5, longitude: 151.2 },
    ]);
  });

  it('when there is none, then null', () => {
    expect(pointsBox([])).toBeNull();
  });

  it('when there are 200,000, then they are folded without spreading them into an argument list', () => {
    const points = Array.from({ length: 200_000 }, (_, i): [number, number] => [
      (i % 360) - 180,
      (i % 170) - 85,
    ]);
    expect(pointsBox(points)).toEqual([
      { latitude: -85, longitude: -180 },
      { latitude: 84, longitude: 179 },
    ]);
  });
});

describe('a point looked up', () => {
  it('when a point is clicked, then the nearest laundromats to it are asked for, a few of them', () => {
    expect(queryKeyToUrl(pointLookupKey({ latitude: 51.51361, longitude: -0.13655 }))).toBe(
      '/api/laundromats?latitude=51.51361&longitude=-0.13655&limit=5',
    );
  });

  it.each([
    [
      [0.4, 1.9, 2.1, 40],
      ['0.4', '1.9'],
    ],
    [[2.5], []],
    [[undefined, 0], ['0']],
  ])('when the nearest lie %j m away, then the point stands for those within 2 m', (distances, expected) => {
    const nearest = distances.map((distanceMeters) => ({ id: String(distanceMeters), distanceMeters }));
    expect(laundromatsAtPoint(nearest).map((item) => item.id)).toEqual(expected);
  });
});

describe('finderLinkTo', () => {
  it("when a laundromat's detail is opened from the map, then the finder searches at its point with its detail open", () => {
    const link = finderLinkTo({ id: 'a1b2', latitude: 51.51361, longitude: -0.13655 });
    const state = readFinderUrl(new URL(link, 'https://example.test').searchParams);
    expect(link.startsWith('/?')).toBe(true);
    expect(state.query).toBe('51.51361, -0.13655');
    expect(state.laundromatId).toBe('a1b2');
    expect(state.area).toBeNull();
  });
});

describe('explorePointFeatures', () => {
  it('when points are drawn, then each is a GeoJSON point carrying its index, in one colour, never selected', () => {
    const features = explorePointFeatures([
      [-0.1, 51.5],
      [2.35, 48.85],
    ]);
    expect(features.features.map((feature) => [feature.geometry.coordinates, feature.properties.id])).toEqual(
      [
        [[-0.1, 51.5], 0],
        [[2.35, 48.85], 1],
      ],
    );
    expect(new Set(features.features.map((feature) => feature.properties.colour)).size).toBe(1);
    expect(features.features.every((feature) => feature.properties.selected === false)).toBe(true);
  });
});
