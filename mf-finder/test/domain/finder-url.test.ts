import { describe, expect, it } from 'vitest';
import { defaultFilterSet } from '../../src/domain/filter-query.ts';
import {
  isNewSearch,
  readFinderUrl,
  writeFinderUrl,
  type FinderUrlState,
} from '../../src/domain/finder-url.ts';

const plain: FinderUrlState = {
  query: '',
  area: null,
  filters: defaultFilterSet(),
  sort: { mode: 'distance', direction: 'lowToHigh' },
  laundromatId: null,
};

const read = (search: string) => readFinderUrl(new URLSearchParams(search));

describe('the finder in the address bar', () => {
  it('when nothing is searched, then the link is bare', () => {
    expect(writeFinderUrl(plain).toString()).toBe('');
    expect(read('')).toEqual(plain);
  });

  it('when a place, filters, a sort and a laundromat are set, then the link carries each and reads back the same', () => {
    const filters = { ...defaultFilterSet(), acceptsCard: true, hasWifi: true, minRating: 4 };
    const state: FinderUrlState = {
      query: 'London',
      area: null,
      filters,
      sort: { mode: 'rating', direction: 'lowToHigh' },
      laundromatId: 'abc-123',
    };
    const params = writeFinderUrl(state);
    expect(params.get('q')).toBe('London');
    expect(params.get('filters')).toBe('acceptsCard,hasWifi');
    expect(params.get('rating')).toBe('4');
    expect(params.get('sort')).toBe('rating');
    expect(params.get('dir')).toBe('asc');
    expect(params.get('l')).toBe('abc-123');
    expect(read(params.toString())).toEqual(state);
  });

  it('when a sort runs in its own natural order, then the link leaves the direction out', () => {
    const params = writeFinderUrl({ ...plain, sort: { mode: 'rating', direction: 'highToLow' } });
    expect(params.toString()).toBe('sort=rating');
  });

  it("when 'Open now' or 'Open 24 hours' is on, then the link names it with the other filters and reads it back", () => {
    const state = {
      ...readFinderUrl(new URLSearchParams()),
      filters: { ...defaultFilterSet(), openNow: true, open24Hours: true, hasWifi: true },
    };
    const params = writeFinderUrl(state);
    expect(params.get('filters')).toBe('openNow,open24Hours,hasWifi');
    expect(readFinderUrl(params).filters).toEqual(state.filters);
  });

  it('when a map area is searched, then its centre, zoom and box are kept to five decimals and no query is', () => {
    const params = writeFinderUrl({
      ...plain,
      query: 'London',
      area: {
        center: { latitude: 51.5073509, longitude: -0.1277583 },
        zoom: 13.456,
        bounds: { north: 51.55, south: 51.45, east: -0.05, west: -0.2 },
      },
    });
    expect(params.get('area')).toBe('51.50735,-0.12776,13.46');
    expect(params.get('box')).toBe('-0.2,51.45,-0.05,51.55');
    expect(params.has('q')).toBe(false);
    expect(read(params.toString()).area).toEqual({
      center: { latitude: 51.50735, longitude: -0.12776 },
      zoom: 13.46,
      bounds: { north: 51.55, south: 51.45, east: -0.05, west: -0.2 },
    });
  });

  it("when the map was panned across the world's copies, then its box is kept as it was and its centre wrapped", () => {
    expect(read('area=35.6,499.7,3&box=400,20,520,50').area).toEqual({
      center: { latitude: 35.6, longitude: expect.closeTo(139.7, 9) },
      zoom: 3,
      bounds: { north: 50, south: 20, east: 520, west: 400 },
    });
  });

  it.each([
    ['area=91,0,13&box=0,0,1,1', 'a latitude beyond the pole'],
    ['area=1,2,13', 'no box'],
    ['area=1,2,13&box=0,1,1,0', 'a box upside down'],
    ['area=1,x,13&box=0,0,1,1', 'a word for a number'],
    ['area=1,,13&box=0,0,1,1', 'a number missing'],
  ])('when the link has %s (%s), then there is no map area', (search) => {
    expect(read(search).area).toBeNull();
  });

  it('when a link names unknown filters, sorts or ratings, then they are left out', () => {
    const state = read('q=Paris&filters=acceptsCard,dropTables&rating=9&sort=nearest&dir=sideways');
    expect(state.query).toBe('Paris');
    expect(state.filters).toEqual({ ...defaultFilterSet(), acceptsCard: true });
    expect(state.sort).toEqual({ mode: 'distance', direction: 'lowToHigh' });
  });

  it("when the page's link has params of its own, then writing the finder's keeps them", () => {
    const params = writeFinderUrl({ ...plain, query: 'Tokyo' }, new URLSearchParams('utm_source=mail&q=Old'));
    expect(params.toString()).toBe('utm_source=mail&q=Tokyo');
  });
});

describe('a new search or a change to the same one', () => {
  const london = { ...plain, query: 'London' };
  const area = {
    center: { latitude: 1, longitude: 2 },
    zoom: 13,
    bounds: { north: 1.1, south: 0.9, east: 2.1, west: 1.9 },
  };

  it.each([
    [plain, london, true, 'a first place'],
    [london, { ...plain, query: 'Paris' }, true, 'another place'],
    [{ ...plain, query: 'Lon' }, london, false, 'the same place typed on'],
    [london, { ...plain, query: 'Lond' }, false, 'the same place corrected'],
    [london, { ...plain, area }, true, 'a map area after a place'],
    [{ ...plain, area }, { ...plain, area: { ...area, zoom: 14 } }, false, 'the map area moved again'],
    [{ ...plain, area }, london, true, 'a place after a map area'],
    [london, { ...london, sort: { mode: 'rating', direction: 'highToLow' } }, false, 'another sort'],
    [london, plain, false, 'the search cleared'],
  ] as const)('when going from %o to %o, then it is a new search: %s (%s)', (from, to, expected, _case) => {
    expect(isNewSearch(from, to)).toBe(expected);
  });
});
