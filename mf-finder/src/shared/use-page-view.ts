import { useState } from 'react';
import { newPageView } from '../domain/ad-request.ts';

/**
 * The id of the page view for the ads, new whenever `place` changes (a search elsewhere is another page
 * for the visitor). Set during render, as React's docs advise for state derived from a prop, so the slots
 * rendered with the new place already carry the new view.
 */
export function usePageView(place: string): string {
  const [current, setCurrent] = useState(() => ({ place, view: newPageView() }));
  if (current.place !== place) {
    const next = { place, view: newPageView() };
    setCurrent(next);
    return next.view;
  }
  return current.view;
}
