import { describe, expect, it } from 'vitest';
import {
  OfflineError,
  isUnauthorizedError,
  readResponse,
  shouldRetryLaundromatQuery,
} from '../../src/domain/api-errors.ts';

const now = 1_700_000_000_000;
const response = (status: number, statusText: string, headers: Record<string, string> = {}) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText,
  headers: new Headers(headers),
});
const offlineBody = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ offline: true, message: 'Cached copy missing', ...extra });

describe('reading a response (docs/product.md, Errors)', () => {
  it.each([
    ['a 404 with a body', response(404, 'Not Found'), 'Laundromat not found', '404: Laundromat not found'],
    ['a 500 with an empty body', response(500, 'Internal Server Error'), '', '500: Internal Server Error'],
    ['a 401', response(401, 'Unauthorized'), '{"message":"Unauthorized"}', '401: {"message":"Unauthorized"}'],
  ])('when the answer is %s, then it is an error with message %o', (_, res, body, message) => {
    const reading = readResponse(res, body, now);
    expect(reading.kind).toBe('error');
    expect(reading.kind === 'error' && reading.error.message).toBe(message);
  });

  it.each([
    [
      'with the offline fallback header, then the server message',
      { 'X-Offline-Fallback': 'true' },
      offlineBody(),
      'Cached copy missing',
    ],
    [
      'without the header, then no server message (the UI shows Offline - no cached data available)',
      {},
      offlineBody(),
      null,
    ],
  ])('when a 503 JSON body is flagged offline %s', (_, headers, body, serverMessage) => {
    const reading = readResponse(response(503, 'Service Unavailable', headers), body, now);
    expect(reading.kind).toBe('offline');
    if (reading.kind !== 'offline') return;
    expect(reading.error).toBeInstanceOf(OfflineError);
    expect(reading.error).toMatchObject({
      type: 'offline',
      timestamp: now,
      serverMessage,
      messageKey: 'finder:messages.offline.noCache',
    });
    expect(reading.error.message).toBe(serverMessage ?? 'Offline - no cached data available');
  });

  it('when the offline body carries a timestamp, then it is kept', () => {
    const reading = readResponse(response(503, ''), offlineBody({ timestamp: 42 }), now);
    expect(reading.kind === 'offline' && reading.error.timestamp).toBe(42);
  });

  it.each([
    ['a JSON body not flagged offline', '{"message":"maintenance"}'],
    ['a text body', 'Service Unavailable'],
    ['an empty body', ''],
  ])('when a 503 has %s, then it is not an error', (_, body) => {
    expect(readResponse(response(503, 'Service Unavailable'), body, now)).toEqual({
      kind: 'ok',
      offlineData: false,
    });
  });

  it.each([
    ['with the offline data header', { 'X-Offline-Data': 'true' }, true],
    ['without it', {}, false],
    ['with it set to false', { 'X-Offline-Data': 'false' }, false],
  ])('when a 200 comes %s, then offline data is %s', (_, headers, offlineData) => {
    expect(readResponse(response(200, 'OK', headers), '[]', now)).toEqual({ kind: 'ok', offlineData });
  });
});

describe('unauthorized errors (docs/product.md, Roles)', () => {
  it.each([
    [new Error('401: {"message":"Unauthorized"}'), true],
    [new Error('401: Unauthorized'), true],
    ['401: Unauthorized', true],
    [new Error('401: Session expired'), false],
    [new Error('403: Unauthorized'), false],
    [new Error('Unauthorized'), false],
    [null, false],
  ])('when the error is %o, then it is unauthorized: %s', (error, expected) => {
    expect(isUnauthorizedError(error)).toBe(expected);
  });
});

describe('list and search query retries (docs/product.md, API calls)', () => {
  it.each([
    [0, new Error('500: x'), true],
    [2, new Error('500: x'), true],
    [3, new Error('500: x'), false],
    [0, new OfflineError(now, null), false],
  ])('when %s failures happened with %o, then it retries: %s', (count, error, expected) => {
    expect(shouldRetryLaundromatQuery(count, error)).toBe(expected);
  });
});
