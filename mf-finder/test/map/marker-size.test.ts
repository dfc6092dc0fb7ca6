import { describe, expect, it } from 'vitest';
import { markerDiameters } from '../../src/map/map-constants.ts';
import { clusterRadiusSteps, markerKind, markerRadius, type MarkerKind } from '../../src/map/marker-size.ts';

describe('marker sizes (docs/product.md, Pages)', () => {
  it.each<[MarkerKind, number, number]>([
    ['normal', 32, 16],
    ['selected', 40, 20],
    ['user', 16, 8],
  ])('when the marker is %s, then it is %s px across (radius %s)', (kind, diameter, radius) => {
    expect(markerDiameters[kind]).toBe(diameter);
    expect(markerRadius(kind)).toBe(radius);
  });

  it.each([
    [true, 'selected'],
    [false, 'normal'],
  ])('when selected is %s, then the marker kind is %s', (selected, kind) => {
    expect(markerKind(selected)).toBe(kind);
  });

  it('when clusters grow, then their circles start at a marker size and only grow', () => {
    expect(clusterRadiusSteps[0].radius).toBe(markerRadius('normal'));
    const radii = clusterRadiusSteps.map((step) => step.radius);
    expect([...radii].sort((a, b) => a - b)).toEqual(radii);
  });
});
