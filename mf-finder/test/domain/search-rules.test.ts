import { describe, expect, it } from 'vitest';
import {
  isBackgroundRefreshDue,
  isBoundsReportDue,
  isLocationStale,
  isMapMoveFarEnough,
  isMapMoveSettled,
  isMapSearchingFlagOn,
  isNewQuery,
  isSearchPauseOver,
  mapAreaLabel,
  searchTextDecision,
  shouldAcceptPosition,
} from '../../src/domain/search-rules.ts';

// 0.001° of latitude is about 111 m.
const north = (metres: number) => ({ latitude: 2.204 + metres / 111_195, longitude: 102.2478 });
const here = north(0);

describe('search trigger', () => {
  it.each([
    ['', { action: 'clear' }],
    ['ab', { action: 'clear' }],
    ['  ab  ', { action: 'clear' }],
    ['abc', { action: 'geocode', query: 'abc', delayMs: 1000 }],
    ['  London ', { action: 'geocode', query: 'London', delayMs: 1000 }],
  ])('when the text is %o, then the decision is %o', (text, expected) => {
    expect(searchTextDecision(text)).toEqual(expected);
  });

  it.each([
    [0, 999, false],
    [0, 1000, true],
  ])('when typed at %s and now is %s, then the pause is over: %s', (typedAt, now, expected) => {
    expect(isSearchPauseOver(typedAt, now)).toBe(expected);
  });

  it.each([
    ['London', null, true],
    ['London', 'London', false],
    [' London', 'London ', false],
    ['Paris', 'London', true],
  ])('when the query is %o and the last was %o, then it is new: %s', (query, last, expected) => {
    expect(isNewQuery(query, last)).toBe(expected);
  });
});

describe('map area', () => {
  it('when the map moved, then the label has 4 decimals', () => {
    expect(mapAreaLabel({ latitude: 2.20412345, longitude: -102.2 })).toEqual({
      key: 'finder:search.mapArea',
      values: { lat: '2.2041', lng: '-102.2000' },
    });
  });

  it.each([
    ['no previous search', null, here, true],
    ['a move of 150 m', here, north(150), false],
    ['a move of 199 m', here, north(199), false],
    ['a move of 201 m', here, north(201), true],
  ])('when the map moved after %s, then it searches: %s', (_, previous, next, expected) => {
    expect(isMapMoveFarEnough(previous, next)).toBe(expected);
  });

  it.each([
    [799, false],
    [800, true],
  ])('when %s ms passed since the last move, then the move has settled: %s', (elapsed, expected) => {
    expect(isMapMoveSettled(0, elapsed)).toBe(expected);
  });

  it.each([
    [null, 10, false],
    [0, 299, true],
    [0, 300, false],
  ])('when the search started at %s and now is %s, then the searching flag is %s', (start, now, expected) => {
    expect(isMapSearchingFlagOn(start, now)).toBe(expected);
  });

  it.each([
    [null, 0, true],
    [0, 999, false],
    [0, 1000, true],
  ])(
    'when bounds were last reported at %s and now is %s, then a report is due: %s',
    (last, now, expected) => {
      expect(isBoundsReportDue(last, now)).toBe(expected);
    },
  );
});

describe('location tracking', () => {
  const now = 10_000_000;
  const MIN = 60_000;
  it.each([
    [now - 5 * MIN, false],
    [now - 5 * MIN - 1, true],
  ])('when the location was taken at %s, then it is stale: %s', (timestamp, expected) => {
    expect(isLocationStale({ timestamp }, now)).toBe(expected);
  });

  it.each([
    ['no current position', null, 10, 'page' as const, true],
    ['a 40 m move on the page', { ...here, timestamp: now - MIN }, 40, 'page' as const, false],
    ['a 60 m move on the page', { ...here, timestamp: now - MIN }, 60, 'page' as const, true],
    ['a 60 m move in the sidebar', { ...here, timestamp: now - MIN }, 60, 'sidebar' as const, false],
    ['a 110 m move in the sidebar', { ...here, timestamp: now - MIN }, 110, 'sidebar' as const, true],
    [
      'a 10 m move when the current one is stale',
      { ...here, timestamp: now - 6 * MIN },
      10,
      'page' as const,
      true,
    ],
  ])('when the new position is %s, then it is accepted: %s', (_, current, metres, tracker, expected) => {
    expect(shouldAcceptPosition(current, { ...north(metres), timestamp: now }, tracker, now)).toBe(expected);
  });

  it.each([
    ['page', null, true],
    ['page', now - 29_999, false],
    ['page', now - 30_000, true],
    ['sidebar', now - 30_000, true],
    ['map', now - 30_000, false],
    ['map', now - 60_000, true],
  ] as const)(
    'when the %s tracker last updated at %s, then a background refresh is due: %s',
    (tracker, last, expected) => {
      expect(isBackgroundRefreshDue(last, tracker, now)).toBe(expected);
    },
  );
});
