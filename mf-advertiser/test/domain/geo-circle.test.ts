import { haversineMeters } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import {
  circleBounds,
  circlePolygon,
  clampRadius,
  destinationPoint,
  distanceKm,
  normalisePoint,
  radiusFromHandle,
  radiusAtSlider,
  radiusHandle,
  sliderAtRadius,
  sliderSteps,
} from '../../src/domain/geo-circle.ts';

const london = { latitude: 51.5074, longitude: -0.1278 };

describe('the target area circle', () => {
  it('when a point is moved 10 km due north, then its latitude grows by 10 km of arc and its longitude stays', () => {
    const north = destinationPoint(london, 10, 0);
    expect(north.longitude).toBeCloseTo(london.longitude, 9);
    expect(north.latitude - london.latitude).toBeCloseTo((10 / 6371) * (180 / Math.PI), 9);
  });

  it('when the circle is drawn, then every vertex is the radius away from the centre and the ring is closed', () => {
    const polygon = circlePolygon(london, 25, 48);
    const ring = polygon.coordinates[0]!;
    expect(ring).toHaveLength(49);
    expect(ring[48]).toEqual(ring[0]);
    for (const [longitude, latitude] of ring) {
      expect(haversineMeters(london, { latitude: latitude!, longitude: longitude! }) / 1000).toBeCloseTo(
        25,
        6,
      );
    }
  });

  it('when the circle is drawn, then its ring runs counter-clockwise (RFC 7946 outer ring)', () => {
    const ring = circlePolygon(london, 5).coordinates[0]!;
    // Shoelace: positive area is counter-clockwise in (x = longitude, y = latitude).
    let twiceArea = 0;
    for (let i = 0; i < ring.length - 1; i++) {
      twiceArea += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
    }
    expect(twiceArea).toBeGreaterThan(0);
  });

  it('when a circle crosses the antimeridian, then its longitudes run on past 180 rather than wrapping', () => {
    const ring = circlePolygon({ latitude: 0, longitude: 179.9 }, 50).coordinates[0]!;
    const longitudes = ring.map(([longitude]) => longitude!);
    expect(Math.max(...longitudes)).toBeGreaterThan(180);
    expect(Math.min(...longitudes)).toBeGreaterThan(179);
  });

  it('when the handle is placed, then it is due east of the centre on the circle', () => {
    const handle = radiusHandle(london, 30);
    expect(distanceKm(london, handle)).toBeCloseTo(30, 6);
    expect(handle.longitude).toBeGreaterThan(london.longitude);
  });

  it('when the handle is dragged, then the radius is its distance from the centre, to 0.1 km, within 0.1–500 km', () => {
    expect(radiusFromHandle(london, destinationPoint(london, 42.34, 200))).toBe(42.3);
    expect(radiusFromHandle(london, london)).toBe(0.1);
    expect(radiusFromHandle(london, { latitude: -40, longitude: 170 })).toBe(500);
  });

  it('when a radius is typed, then it is kept within the limits and rounded; nonsense gives the default', () => {
    expect(clampRadius(0)).toBe(0.1);
    expect(clampRadius(12.345)).toBe(12.3);
    expect(clampRadius(9999)).toBe(500);
    expect(clampRadius(Number.NaN)).toBe(10);
  });

  it('when a clicked point comes from a map scrolled round the world, then it is wrapped and rounded to 6 decimals', () => {
    expect(normalisePoint({ latitude: 51.123456789, longitude: 359.5 })).toEqual({
      latitude: 51.123457,
      longitude: -0.5,
    });
    expect(normalisePoint({ latitude: 10, longitude: -190 })).toEqual({ latitude: 10, longitude: 170 });
  });

  it('when the map fits the circle, then its box holds the whole circle', () => {
    const [[west, south], [east, north]] = circleBounds(london, 20);
    for (const [longitude, latitude] of circlePolygon(london, 20).coordinates[0]!) {
      expect(longitude).toBeGreaterThanOrEqual(west - 1e-9);
      expect(longitude).toBeLessThanOrEqual(east + 1e-9);
      expect(latitude).toBeGreaterThanOrEqual(south - 1e-9);
      expect(latitude).toBeLessThanOrEqual(north + 1e-9);
    }
  });
});

describe('the radius slider', () => {
  it('when it is moved end to end, then the radius runs from 1 km to 500 km on a logarithmic scale', () => {
    expect(radiusAtSlider(0)).toBe(1);
    expect(radiusAtSlider(sliderSteps)).toBe(500);
    expect(radiusAtSlider(sliderSteps / 2)).toBe(22.4);
    expect(radiusAtSlider(-5)).toBe(1);
  });

  it('when a radius is typed, then the slider shows it where it would set it', () => {
    for (const km of [1, 5, 10, 42.3, 250, 500]) {
      expect(Math.abs(radiusAtSlider(sliderAtRadius(km)) - km) / km).toBeLessThan(0.01);
    }
    expect(sliderAtRadius(0.1)).toBe(0);
    expect(sliderAtRadius(900)).toBe(sliderSteps);
  });
});
