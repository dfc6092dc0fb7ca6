import { describe, expect, it } from 'vitest';
import {
  coordinateFailureFromBody,
  coordinateQueryFailure,
  formatRadius,
  searchReachText,
} from '../../src/domain/coordinate-search.ts';

describe('coordinateQueryFailure', () => {
  it.each([
    ['95, 10', 'finder:messages.coordinates.latitudeRange'],
    ['48.85, 200', 'finder:messages.coordinates.longitudeRange'],
  ])('when %j is searched, then it is refused with %s', (query, key) => {
    expect(coordinateQueryFailure(query)).toEqual({ code: 'INVALID_QUERY', message: { key } });
  });

  it.each(['48.8566,2.3522', 'London', '10001'])('when %j is searched, then nothing is refused', (query) => {
    expect(coordinateQueryFailure(query)).toBeNull();
  });
});

describe('coordinateFailureFromBody', () => {
  it('when the server answers INVALID_COORDINATES for the longitude, then the longitude message', () => {
    expect(
      coordinateFailureFromBody({
        code: 'INVALID_COORDINATES',
        message: 'Longitude must be between -180 and 180.',
      }),
    ).toEqual({ code: 'INVALID_QUERY', message: { key: 'finder:messages.coordinates.longitudeRange' } });
  });

  it('when the answer is another error, then null', () => {
    expect(coordinateFailureFromBody({ code: 'NO_RESULTS', message: 'x' })).toBeNull();
    expect(coordinateFailureFromBody(null)).toBeNull();
  });
});

describe('searchReachText', () => {
  it('when results lie within the radius, then Within {distance}', () => {
    expect(searchReachText({ meters: 10_000, nothingWithin: false }, 'London', '10 km')).toEqual({
      key: 'finder:results.withinRadius',
      values: { distance: '10 km' },
    });
  });

  it('when nothing lies within it, then none within {distance} of {place}', () => {
    expect(searchReachText({ meters: 50_000, nothingWithin: true }, 'London', '50 km')).toEqual({
      key: 'finder:results.noneWithin',
      values: { distance: '50 km', place: 'London' },
    });
  });

  it('when a radius is written, then in whole kilometres in the language asked', () => {
    expect(formatRadius(25_000, 'en')).toBe('25 km');
    expect(formatRadius(50_000, 'fr')).toMatch(/^50\s?km$/);
  });
});
