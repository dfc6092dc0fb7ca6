import { describe, expect, it } from 'vitest';
import {
  laundromatFeatureCollection,
  pointFeatureCollection,
  selectionFeatureCollection,
  type MappableLaundromat,
} from '../../src/map/laundromat-features.ts';
import { serverReading, unknownReading } from './server-reading.ts';

const now = new Date('2025-10-21T12:00:00Z');

// Without a zone the server's reading stands, so these cases do not depend on the clock.
const place = (id: string, isOpenNow: boolean): MappableLaundromat => ({
  id,
  latitude: 2.2,
  longitude: 102.25,
  hours: null,
  timeZone: '',
  openStatus: serverReading(isOpenNow),
});

describe('laundromat marker features', () => {
  it.each([
    ['open', true, 'open', '#10b981'],
    ['closed', false, 'closed', '#ef4444'],
  ])('when the laundromat is %s, then its marker is %s in %s', (_label, isOpenNow, tone, colour) => {
    const [feature] = laundromatFeatureCollection([place('a', isOpenNow)], null, now).features;
    expect(feature?.properties).toEqual({ id: 'a', tone, colour, selected: false });
  });

  it('when the hours cannot say (unknown), then its marker is neutral grey, not red', () => {
    const unknown = { ...place('a', false), openStatus: unknownReading() };
    const [feature] = laundromatFeatureCollection([unknown], null, now).features;
    expect(feature?.properties).toEqual({ id: 'a', tone: 'neutral', colour: '#6b7280', selected: false });
  });

  it('when a laundromat has coordinates, then its point is [longitude, latitude]', () => {
    const [feature] = laundromatFeatureCollection([place('a', true)], null, now).features;
    expect(feature?.geometry).toEqual({ type: 'Point', coordinates: [102.25, 2.2] });
  });

  it.each([
    [null, [false, false]],
    ['b', [false, true]],
    ['missing', [false, false]],
  ])('when the selected id is %o, then the selected flags are %o', (selectedId, flags) => {
    const collection = laundromatFeatureCollection([place('a', true), place('b', false)], selectedId, now);
    expect(collection.features.map((f) => f.properties.selected)).toEqual(flags);
  });

  // 21 October 2025 is a Tuesday; now is 12:00 UTC, 13:00 in London (summer time).
  it.each([
    ['UTC', '9:00-13:00', 'open'],
    ['UTC', '9:00-12:00', 'closed'],
    ['Europe/London', '9:00-13:00', 'closed'],
    ['UTC', '24/7', 'open'],
    ['UTC', 'closed', 'closed'],
  ])('when the zone is %s and Tuesday reads %s, then the marker is %s', (timeZone, tuesday, tone) => {
    // The server said the opposite, in a reading whose next change has passed: the client recomputes it
    // in the laundromat's zone.
    const stale = { ...serverReading(tone !== 'open'), nextChange: '2025-10-21T11:00:00.000Z' };
    const laundromat = { ...place('a', tone !== 'open'), hours: { tuesday }, timeZone, openStatus: stale };
    const [feature] = laundromatFeatureCollection([laundromat], null, now).features;
    expect(feature?.properties.tone).toBe(tone);
  });

  it('when the server reading still holds (its next change is to come), then the marker follows it', () => {
    const holding = { ...serverReading(true), nextChange: '2025-10-21T12:30:00.000Z' };
    const laundromat = {
      ...place('a', true),
      hours: { tuesday: 'closed' },
      timeZone: 'UTC',
      openStatus: holding,
    };
    expect(laundromatFeatureCollection([laundromat], null, now).features[0]?.properties.tone).toBe('open');
  });

  it('when one is selected, then the selection source holds just that one', () => {
    const collection = laundromatFeatureCollection([place('a', true), place('b', false)], 'b', now);
    expect(selectionFeatureCollection(collection).features.map((f) => f.properties.id)).toEqual(['b']);
  });

  it('when nothing is selected, then the selection source is empty', () => {
    const collection = laundromatFeatureCollection([place('a', true)], null, now);
    expect(selectionFeatureCollection(collection).features).toEqual([]);
  });

  it.each([
    [null, 0],
    [undefined, 0],
    [{ latitude: 1, longitude: 2 }, 1],
  ])('when the user position is %o, then the user source has %s point(s)', (point, count) => {
    const collection = pointFeatureCollection(point);
    expect(collection.features).toHaveLength(count);
    if (point) expect(collection.features[0]?.geometry).toEqual({ type: 'Point', coordinates: [2, 1] });
  });

  it('when 5,000 laundromats are given, then all become features quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) => place(String(i), i % 2 === 0));
    const started = performance.now();
    const collection = laundromatFeatureCollection(many, '42', now);
    expect(collection.features).toHaveLength(5000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
