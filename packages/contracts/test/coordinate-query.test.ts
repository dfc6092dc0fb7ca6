import { describe, expect, it } from 'vitest';
import { formatCoordinates, parseCoordinateQuery } from '../src/index.ts';

describe('parseCoordinateQuery', () => {
  it.each([
    ['48.8566,2.3522', 48.8566, 2.3522],
    ['48.8566, 2.3522', 48.8566, 2.3522],
    ['  48.8566 ,  2.3522  ', 48.8566, 2.3522],
    ['-33.86 151.21', -33.86, 151.21],
    ['+48.85;+2.35', 48.85, 2.35],
    ['−33.86, −70.65', -33.86, -70.65],
    ['48.8566° N, 2.3522° E', 48.8566, 2.3522],
    ['33.86°S 151.21°E', -33.86, 151.21],
    ['N 40.7128, W 74.006', 40.7128, -74.006],
    ['74.006W 40.7128N', 40.7128, -74.006],
    ['51.5074,-0.1278', 51.5074, -0.1278],
    ['48,2', 48, 2],
    ['90, 180', 90, 180],
  ])('when the text is %j, then it is the point %d, %d', (text, latitude, longitude) => {
    expect(parseCoordinateQuery(text)).toEqual({ kind: 'point', latitude, longitude });
  });

  it.each(['London', '10001', '75001, 75002', '12 34', 'M5V', '48.85 N 2.35 N', '-48.85 S, 2.35 E', '1,2,3'])(
    'when the text is %j, then it is not coordinates',
    (text) => {
      expect(parseCoordinateQuery(text)).toBeNull();
    },
  );

  it.each([
    ['95, 10', 'latitude', 95],
    ['-91.5,0', 'latitude', -91.5],
    ['48.85, 200', 'longitude', 200],
    ['10 S, 181 W', 'longitude', -181],
  ])('when the text is %j, then its %s %d is out of range', (text, field, value) => {
    expect(parseCoordinateQuery(text)).toEqual({ kind: 'outOfRange', field, value });
  });
});

describe('formatCoordinates', () => {
  it('when a point has many decimals, then it is written with 4', () => {
    expect(formatCoordinates({ latitude: 48.856613, longitude: -2.352222 })).toBe('48.8566, -2.3522');
  });
});
