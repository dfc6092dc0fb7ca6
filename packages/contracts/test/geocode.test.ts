import { describe, expect, it } from 'vitest';
import {
  geocodeErrorMessages,
  geocodeNetworkErrorMessages,
  geocodeQuerySchema,
  geocodeResultSchema,
  isUsZip,
  reverseGeocodeQuerySchema,
} from '../src/index.ts';
import { messagesOf } from './support.ts';

describe('geocodeQuerySchema', () => {
  it.each([[{}], [{ q: '' }], [{ q: '   ' }]])(
    'when the query is %j, then it says the query cannot be empty',
    (input) => {
      expect(messagesOf(geocodeQuerySchema, input)).toEqual(['Query cannot be empty']);
    },
  );

  it('when the query has spaces, then it is trimmed', () => {
    expect(geocodeQuerySchema.parse({ q: '  Tokyo ' }).q).toBe('Tokyo');
  });

  it('when country and near hints are given, then they are an upper-case code and a point', () => {
    expect(geocodeQuerySchema.parse({ q: '75001', country: 'fr', near: '48.85, 2.35' })).toEqual({
      q: '75001',
      country: 'FR',
      near: { latitude: 48.85, longitude: 2.35 },
    });
  });

  it.each([
    [{ q: '75001', country: 'France' }, 'country must be a two-letter ISO 3166 code, such as FR'],
    [{ q: '75001', country: 'F1' }, 'country must be a two-letter ISO 3166 code, such as FR'],
    [{ q: '75001', near: 'Paris' }, 'near must be latitude,longitude in degrees, such as 48.85,2.35'],
    [{ q: '75001', near: '48.85' }, 'near must be latitude,longitude in degrees, such as 48.85,2.35'],
    [{ q: '75001', near: '0,181' }, 'near must be latitude,longitude in degrees, such as 48.85,2.35'],
  ])('when the hints are %j, then it fails with a clear message', (input, message) => {
    expect(messagesOf(geocodeQuerySchema, input)).toEqual([message]);
  });
});

describe('reverseGeocodeQuerySchema', () => {
  it('when lat and lon are query strings, then they are numbers', () => {
    expect(reverseGeocodeQuerySchema.parse({ lat: '51.5', lon: '-0.12' })).toEqual({ lat: 51.5, lon: -0.12 });
  });

  it.each([
    [{ lat: '91', lon: '0' }, 'lat must be a number between -90 and 90'],
    [{ lat: '0', lon: '-181' }, 'lon must be a number between -180 and 180'],
    [{ lat: 'x', lon: '0' }, 'lat must be a number between -90 and 90'],
    [{ lon: '0' }, 'lat must be a number between -90 and 90'],
  ])('when the query is %j, then it fails with a clear message', (input, message) => {
    expect(messagesOf(reverseGeocodeQuerySchema, input)).toContain(message);
  });
});

describe('geocode result and messages', () => {
  it('when a result has no city or state, then it is still valid', () => {
    expect(
      geocodeResultSchema.safeParse({ latitude: 1, longitude: 2, displayName: 'Somewhere' }).success,
    ).toBe(true);
  });

  it('when the geocoding messages are looked up, then they read exactly', () => {
    expect(geocodeErrorMessages).toEqual({
      INVALID_QUERY: 'Query cannot be empty',
      RATE_LIMIT: 'Too many requests. Please wait a moment and try again.',
      NETWORK_ERROR: 'Network error. Please check your internet connection.',
      NO_RESULTS: 'Location not found. Try a different search term or be more specific.',
    });
    expect(geocodeNetworkErrorMessages.serviceError('Bad Gateway')).toBe(
      'Geocoding service error: Bad Gateway',
    );
    expect(geocodeNetworkErrorMessages.unexpected).toBe('An unexpected error occurred while geocoding.');
  });
});

describe('isUsZip', () => {
  it.each([
    ['10001', true],
    ['10001-1234', true],
    [' 90210 ', true],
    ['1000', false],
    ['100011', false],
    ['10001-123', false],
    ['SW1A 1AA', false],
    ['10001 1234', false],
  ])('when the text is %j, then isUsZip is %s', (text, expected) => {
    expect(isUsZip(text)).toBe(expected);
  });
});
