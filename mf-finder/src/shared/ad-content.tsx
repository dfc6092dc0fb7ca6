import { useEffect, type RefObject } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServedAd } from '@laundry/contracts';
import { fetchAd, reportImpression } from '../api/ads.ts';
import { createViewabilityTracker, VIEWABLE_RATIO } from '../domain/ad-viewability.ts';
import { AdLook, adStyles as styles } from '@laundry/ui/ad-look';

/** Tokens already reported on this page: an impression is sent once per served ad, whatever re-mounts. */
const reported = new Set<string>();

/** The ad in a slot's box (ad-slot.tsx): asked for at `url`, shown, and its impression reported. */
export default function AdContent({ url, box }: { url: string; box: RefObject<HTMLElement | null> }) {
  const { data: ad } = useQuery({
    queryKey: [url, 'ad'],
    queryFn: () => fetchAd(url),
    retry: false,
    // A decision is for this slot's life only: another mount, or another place, asks again.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // While the next place's ad is on its way, the last one stays rather than leaving a gap.
    placeholderData: keepPreviousData,
  });
  useImpression(box, ad);
  if (!ad) return null;
  return ad.house ? <HouseAd /> : <Creative key={ad.token} ad={ad} />;
}

function Creative({ ad }: { ad: ServedAd }) {
  const { t } = useTranslation('finder');
  return (
    <a className={styles.creative} href={ad.clickUrl} target="_blank" rel="sponsored noopener">
      <AdLook
        title={ad.title}
        description={ad.description}
        displayUrl={ad.displayUrl}
        imageUrl={ad.imageUrl}
        label={t('ads.adLabel')}
      />
    </a>
  );
}

/** The product's own 'Advertise here', in the visitor's language; never counted. */
function HouseAd() {
  const { t } = useTranslation('finder');
  return (
    <Link className={styles.creative} to="/advertiser/setup" data-house="true">
      <span className={styles.text}>
        <span className={styles.title}>{t('ads.house.title')}</span>
        <span className={styles.description}>{t('ads.house.description')}</span>
        <span className={styles.meta}>
          <span className={styles.label}>{t('ads.adLabel')}</span>
          <span className={styles.cta}>{t('ads.house.cta')}</span>
        </span>
      </span>
    </Link>
  );
}

/** Reports a served ad's impression once it is viewable; house ads are never reported. */
function useImpression(box: RefObject<HTMLElement | null>, ad: ServedAd | null | undefined) {
  const token = ad && !ad.house && ad.token ? ad.token : null;
  useEffect(() => {
    const element = box.current;
    if (!token || !element || reported.has(token) || typeof IntersectionObserver === 'undefined') return;
    const tracker = createViewabilityTracker({
      pageVisible: document.visibilityState === 'visible',
      unobscured: () => isOnTop(element),
      onViewable: () => {
        if (reported.has(token)) return;
        reported.add(token);
        reportImpression(token);
      },
    });
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) tracker.visibleRatio(entry.isIntersecting ? entry.intersectionRatio : 0);
      },
      { threshold: [0, VIEWABLE_RATIO, 1] },
    );
    const onVisibility = () => tracker.pageVisible(document.visibilityState === 'visible');
    observer.observe(element);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      tracker.stop();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [box, token]);
}

/**
 * Whether the middle of the slot's visible part is the slot itself, not a dialog's backdrop or the phone's
 * drawer over it: the intersection figures count an ad under a modal as in view.
 */
function isOnTop(element: HTMLElement): boolean {
  let { left, top, right, bottom } = element.getBoundingClientRect();
  [left, top, right, bottom] = [
    Math.max(left, 0),
    Math.max(top, 0),
    Math.min(right, innerWidth),
    Math.min(bottom, innerHeight),
  ];
  // A scrolling list (the sidebar) clips what it holds.
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = parent.getBoundingClientRect();
    [left, top, right, bottom] = [
      Math.max(left, clip.left),
      Math.max(top, clip.top),
      Math.min(right, clip.right),
      Math.min(bottom, clip.bottom),
    ];
  }
  if (right <= left || bottom <= top) return false;
  const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  return hit !== null && element.contains(hit);
}
