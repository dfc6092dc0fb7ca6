import { describe, expect, it } from 'vitest';
import {
  checkGeocodeQuery,
  geocodeFailureFromResponse,
  geocodeFailureFromResults,
  geocodeFailureFromThrown,
} from '../../src/domain/geocode-errors.ts';

const response = (status: number, statusText: string) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText,
});

describe('geocode failures from the response (docs/product.md, Errors)', () => {
  it.each([
    [
      '429 without a body code',
      response(429, 'Too Many Requests'),
      undefined,
      'RATE_LIMIT',
      'finder:messages.geocoding.rateLimit',
      undefined,
    ],
    [
      '500 without a body code',
      response(500, 'Internal Server Error'),
      undefined,
      'NETWORK_ERROR',
      'finder:messages.geocoding.serviceError',
      { status: 'Internal Server Error' },
    ],
    [
      '502 with an empty status text',
      response(502, ''),
      undefined,
      'NETWORK_ERROR',
      'finder:messages.geocoding.serviceError',
      { status: '502' },
    ],
    [
      '400 with body code INVALID_QUERY',
      response(400, 'Bad Request'),
      { code: 'INVALID_QUERY' },
      'INVALID_QUERY',
      'finder:messages.geocoding.invalidQuery',
      undefined,
    ],
    [
      '404 with body code NO_RESULTS',
      response(404, 'Not Found'),
      { code: 'NO_RESULTS' },
      'NO_RESULTS',
      'finder:messages.geocoding.noResults',
      undefined,
    ],
    [
      '429 with body code RATE_LIMIT',
      response(429, 'Too Many Requests'),
      { code: 'RATE_LIMIT' },
      'RATE_LIMIT',
      'finder:messages.geocoding.rateLimit',
      undefined,
    ],
    [
      '502 with body code NETWORK_ERROR',
      response(502, 'Bad Gateway'),
      { code: 'NETWORK_ERROR' },
      'NETWORK_ERROR',
      'finder:messages.geocoding.serviceError',
      { status: 'Bad Gateway' },
    ],
    [
      '404 with an unknown body code',
      response(404, 'Not Found'),
      { code: 'NOPE' },
      'NETWORK_ERROR',
      'finder:messages.geocoding.serviceError',
      { status: 'Not Found' },
    ],
  ])('when the answer is %s, then the code is %s', (_, res, body, code, key, values) => {
    expect(geocodeFailureFromResponse(res, body)).toEqual({
      code,
      message: values ? { key, values } : { key },
    });
  });

  it('when the answer is OK, then there is no failure', () => {
    expect(geocodeFailureFromResponse(response(200, 'OK'))).toBeNull();
  });
});

describe('geocode failures before and after the call', () => {
  it.each([
    ['', 'INVALID_QUERY'],
    ['   ', 'INVALID_QUERY'],
    [' Tokyo ', null],
  ])('when the query is %o, then the check gives %s', (query, code) => {
    expect(checkGeocodeQuery(query)?.code ?? null).toBe(code);
  });

  it.each([
    [[], { code: 'NO_RESULTS', message: { key: 'finder:messages.geocoding.noResults' } }],
    [[{ latitude: 1 }], null],
  ])('when the results are %o, then the failure is %o', (results, expected) => {
    expect(geocodeFailureFromResults(results)).toEqual(expected);
  });

  it.each([
    [
      'a fetch failure (TypeError)',
      new TypeError('Failed to fetch'),
      'NETWORK_ERROR',
      'finder:messages.geocoding.networkError',
    ],
    ['another error', new Error('boom'), 'NETWORK_ERROR', 'finder:messages.geocoding.unexpected'],
    ['a non-error value', 'boom', 'NETWORK_ERROR', 'finder:messages.geocoding.unexpected'],
    [
      'an already mapped failure',
      { code: 'RATE_LIMIT', message: { key: 'finder:messages.geocoding.rateLimit' } },
      'RATE_LIMIT',
      'finder:messages.geocoding.rateLimit',
    ],
  ])('when %s is thrown, then it reads %s', (_, thrown, code, key) => {
    expect(geocodeFailureFromThrown(thrown)).toEqual({ code, message: { key } });
  });
});
