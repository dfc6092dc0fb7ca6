import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';

/**
 * A page opened by a link or after a form starts at its top; the router keeps the scroll position of the page
 * before (a campaign saved at the bottom of its form would open the dashboard half-way down). Back and forward
 * keep the browser's own restoration.
 */
export function useScrollToTop() {
  const navigationType = useNavigationType();
  // The navigation that opened the page, kept: the page's own later changes to its address (a replaced
  // query, a hash) are no reason to scroll.
  const [openedBy] = useState(navigationType);
  useEffect(() => {
    if (openedBy !== 'POP') window.scrollTo(0, 0);
  }, [openedBy]);
}
