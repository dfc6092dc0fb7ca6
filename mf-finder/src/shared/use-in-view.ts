import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/**
 * Becomes true the first time the element comes within `rootMargin` of the screen (any part of it, or the
 * given share), and stays true: for work that should wait until something is about to be seen.
 */
export function useSeenOnce(
  ref: RefObject<Element | null>,
  { rootMargin = '0px', threshold = 0 }: { rootMargin?: string; threshold?: number } = {},
): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, rootMargin, threshold]);
  return seen;
}

const onLoad = (onChange: () => void) => {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
};

/** Whether the page has finished loading (its load event): work that can wait never competes with it. */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    onLoad,
    () => document.readyState === 'complete',
    () => false,
  );
}
