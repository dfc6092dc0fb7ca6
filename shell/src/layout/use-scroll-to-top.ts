import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link or after a form (adding a laundromat sends the person home) opens at its top, not
 * at the height the previous page was scrolled to. Back and Forward (POP) are left alone, so the browser puts
 * the person back where they were. Only the path counts: a search changing the query string is the same page.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
