import { describe, expect, it } from 'vitest';
import { AdminApiError, errorDetail, errorText, isSignedOutError } from '../../src/domain/admin-errors.ts';
import { coordinatesText, mapUrl } from '../../src/domain/places.ts';
import { riskLevel } from '../../src/domain/risk.ts';
import { moderationFilterStatuses, statusFrom, statusKey } from '../../src/domain/statuses.ts';

describe('risk levels', () => {
  it.each([
    [0, 'low'],
    [29, 'low'],
    [30, 'medium'],
    [59, 'medium'],
    [60, 'high'],
    [150, 'high'],
  ])('when the score is %i, then the risk is %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });
});

describe('where a submitted laundromat is', () => {
  it('when it is shown, then the map link marks the point and the text names the hemispheres', () => {
    expect(mapUrl(-33.8568, 151.2153)).toBe(
      'https://www.openstreetmap.org/?mlat=-33.85680&mlon=151.21530#map=18/-33.85680/151.21530',
    );
    expect(coordinatesText(-33.8568, 151.2153)).toBe('33.85680° S, 151.21530° E');
    expect(coordinatesText(51.5074, -0.1278)).toBe('51.50740° N, 0.12780° W');
  });
});

describe('failed calls', () => {
  it.each([
    [0, 'errors.network'],
    [400, 'errors.invalid'],
    [401, 'errors.signedOut'],
    [403, 'errors.forbidden'],
    [404, 'errors.notFound'],
    [409, 'errors.conflict'],
    [500, 'errors.generic'],
    [503, 'errors.unavailable'],
  ])('when the answer is %i, then the message is %s', (status, key) => {
    expect(errorText(new AdminApiError(status, 'server words'))).toEqual({ key });
  });

  it('when the failure is not an answer, then it reads as the network', () => {
    expect(errorText(new TypeError('Failed to fetch'))).toEqual({ key: 'errors.network' });
  });

  it('when a 400 or 409 carries a message, then it is shown as the detail; other messages are not', () => {
    expect(errorDetail(new AdminApiError(409, 'This laundromat is not waiting for approval.'))).toBe(
      'This laundromat is not waiting for approval.',
    );
    expect(errorDetail(new AdminApiError(500, 'stack trace'))).toBeNull();
  });

  it('when the session has ended, then it is known as such', () => {
    expect(isSignedOutError(new AdminApiError(401, 'Unauthorized'))).toBe(true);
    expect(isSignedOutError(new AdminApiError(403, 'Forbidden'))).toBe(false);
  });
});

describe('queue filters', () => {
  it('when the URL names a known state, then it is the filter; else pending', () => {
    expect(statusFrom('changes_requested', moderationFilterStatuses)).toBe('changes_requested');
    expect(statusFrom('deleted', moderationFilterStatuses)).toBe('pending');
    expect(statusFrom(null, moderationFilterStatuses)).toBe('pending');
  });

  it('when an item has a state the console does not know, then it has no label key', () => {
    expect(statusKey('approved', moderationFilterStatuses)).toBe('status.approved');
    expect(statusKey('archived', moderationFilterStatuses)).toBeNull();
  });
});
