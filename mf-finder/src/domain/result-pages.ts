import type { Laundromat } from '@laundry/contracts';

/**
 * The pages of one list or search after the first, fetched with 'Show more'. They belong to the request
 * they were fetched for: a new search, filter or map area starts again from its own first page.
 */
export interface MorePages {
  requestKey: string;
  items: Laundromat[];
  /** The cursor of the page after the last one fetched; null once the last page is in. */
  nextCursor: string | null;
}

/** The query string of the page a cursor names: the first page's own, with the cursor added. */
export function pageQueryString(firstPageQuery: string, cursor: string): string {
  const params = new URLSearchParams(firstPageQuery);
  params.delete('offset');
  params.set('cursor', cursor);
  return params.toString();
}

/** The further pages that belong to this request, or none if they were fetched for another. */
export function pagesFor(requestKey: string, pages: MorePages | null): MorePages | null {
  return pages?.requestKey === requestKey ? pages : null;
}

/**
 * Everything fetched so far, the first page then the further ones in order. A laundromat added or moved
 * between two fetches can appear on two pages; it is listed once, where it came first.
 */
export function mergePages(first: Laundromat[], more: MorePages | null): Laundromat[] {
  if (!more || more.items.length === 0) return first;
  const seen = new Set(first.map((item) => item.id));
  const added = more.items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  return added.length === 0 ? first : [...first, ...added];
}

/** The cursor of the next page to fetch: the last further page's, else the first page's. */
export function nextPageCursor(firstNextCursor: string | null, more: MorePages | null): string | null {
  return more ? more.nextCursor : firstNextCursor;
}

/** The further pages with one more appended. */
export function appendPage(
  requestKey: string,
  more: MorePages | null,
  page: { items: Laundromat[]; nextCursor: string | null },
): MorePages {
  const kept = pagesFor(requestKey, more);
  return { requestKey, items: [...(kept?.items ?? []), ...page.items], nextCursor: page.nextCursor };
}
