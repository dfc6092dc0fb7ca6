import { describe, expect, it } from 'vitest';
import type { Laundromat } from '@laundry/contracts';
import {
  appendPage,
  mergePages,
  nextPageCursor,
  pageQueryString,
  pagesFor,
} from '../../src/domain/result-pages.ts';

const laundromat = (id: string) => ({ id }) as Laundromat;
const ids = (items: Laundromat[]) => items.map((item) => item.id);

describe("'Show more' pages", () => {
  it('when a cursor is given, then the next page asks the same query with it, never an offset', () => {
    expect(pageQueryString('latitude=1&longitude=2&hasWifi=true&offset=50', 'abc=')).toBe(
      'latitude=1&longitude=2&hasWifi=true&cursor=abc%3D',
    );
  });

  it('when pages are appended, then the items follow the first page in order and the last cursor leads', () => {
    const first = [laundromat('a'), laundromat('b')];
    let more = appendPage('k', null, { items: [laundromat('c')], nextCursor: 'p3' });
    expect(nextPageCursor('p2', more)).toBe('p3');
    more = appendPage('k', more, { items: [laundromat('d')], nextCursor: null });
    expect(ids(mergePages(first, more))).toEqual(['a', 'b', 'c', 'd']);
    expect(nextPageCursor('p2', more)).toBeNull();
  });

  it('when nothing more was fetched, then the first page and its cursor stand', () => {
    const first = [laundromat('a')];
    expect(mergePages(first, null)).toBe(first);
    expect(nextPageCursor('p2', null)).toBe('p2');
  });

  it('when a laundromat comes on two pages, then it is listed once, where it came first', () => {
    const more = appendPage('k', null, { items: [laundromat('b'), laundromat('c')], nextCursor: null });
    expect(ids(mergePages([laundromat('a'), laundromat('b')], more))).toEqual(['a', 'b', 'c']);
  });

  it('when the request changes, then the pages fetched for the old one are dropped', () => {
    const more = appendPage('old', null, { items: [laundromat('z')], nextCursor: 'p3' });
    expect(pagesFor('new', more)).toBeNull();
    expect(ids(mergePages([laundromat('a')], pagesFor('new', more)))).toEqual(['a']);
    expect(appendPage('new', more, { items: [laundromat('b')], nextCursor: null }).items).toHaveLength(1);
  });
});
