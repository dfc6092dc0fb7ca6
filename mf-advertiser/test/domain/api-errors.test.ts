import { describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  isNotAvailable,
  isUnauthorizedError,
  serverMessageOf,
  statusOf,
} from '../../src/domain/api-errors.ts';

describe('the API error of a refused call', () => {
  it('when the server answers 400 with field errors, then the message, code and first error per path are read', () => {
    const error = new ApiRequestError(
      400,
      JSON.stringify({
        message: 'Title is required',
        code: 'VALIDATION_ERROR',
        errors: [
          { path: 'title', message: 'Title is required' },
          { path: 'targetCities.1', message: "We don't know the city 'Pariss'. Did you mean 'Paris, FR'?" },
          { path: 'title', message: 'a second message for the same field' },
          { path: 7, message: 'not a path' },
        ],
      }),
    );
    expect(error.message).toMatch(/^400: \{"message":"Title is required"/);
    expect(error.status).toBe(400);
    expect(error.body?.code).toBe('VALIDATION_ERROR');
    expect(error.serverMessage).toBe('Title is required');
    expect(error.fieldErrors).toEqual({
      title: 'Title is required',
      'targetCities.1': "We don't know the city 'Pariss'. Did you mean 'Paris, FR'?",
    });
  });

  it('when the body is not JSON or is empty, then there is no server message and the status text stands in', () => {
    const html = new ApiRequestError(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect(html.serverMessage).toBeNull();
    expect(html.fieldErrors).toEqual({});
    expect(new ApiRequestError(500, '', 'Internal Server Error').message).toBe('500: Internal Server Error');
    expect(new ApiRequestError(409, JSON.stringify({ message: '  ' })).serverMessage).toBeNull();
  });

  it('when a call is refused with 401, then it counts as signed out, whatever its body', () => {
    expect(isUnauthorizedError(new ApiRequestError(401, JSON.stringify({ message: 'Unauthorized' })))).toBe(
      true,
    );
    expect(isUnauthorizedError(new ApiRequestError(401, ''))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new ApiRequestError(404, ''))).toBe(false);
  });

  it('when an endpoint is not built yet (404) or its service is a skeleton (502/503), then it is not available', () => {
    for (const status of [404, 501, 502, 503])
      expect(isNotAvailable(new ApiRequestError(status, ''))).toBe(true);
    for (const status of [400, 401, 403, 409, 500])
      expect(isNotAvailable(new ApiRequestError(status, ''))).toBe(false);
    expect(isNotAvailable(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('when the error is not from a response (a network failure), then there is neither status nor server message', () => {
    expect(statusOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessageOf(new ApiRequestError(409, JSON.stringify({ message: 'Already exists' })))).toBe(
      'Already exists',
    );
  });
});
