import { memo, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlacementKey, ServedAd } from '@laundry/contracts';
import { fetchAd, reportImpression } from '../api/ads.ts';
import { adRequestUrl } from '../domain/ad-request.ts';
import { createViewabilityTracker, VIEWABLE_RATIO } from '../domain/ad-viewability.ts';
import { usePageLoaded, useSeenOnce } from './use-in-view.ts';
import styles from './ads.module.css';

export interface AdSlotProps {
  placement: PlacementKey;
  /** The place the page is about (the searched place, else the device's position). */
  latitude?: number | null;
  longitude?: number | null;
  /** The laundromat whose detail shows the slot. */
  laundromatId?: string | null;
  className?: string;
}

/** Each placement's box, sized in CSS before any ad arrives, so nothing on the page moves when one does. */
const placementClass: Record<PlacementKey, string | undefined> = {
  'home-sidebar': styles.rectangle,
  'home-page': styles.leaderboard,
  'laundromat-detail': styles.banner,
};

/** Tokens already reported on this page: an impression is sent once per served ad, whatever re-mounts. */
const reported = new Set<string>();

/**
 * One of the product's ad slots (docs/product.md, Ads): asks the ad service for an ad once the slot is near
 * the screen and the page has loaded (never before the first screen), shows it in a box its placement has
 * reserved, and reports the impression once the ad has been viewable (half in view for a continuous second).
 * A slot with no ad, or whose request failed, stays an empty box of the same size.
 */
export const AdSlot = memo(function AdSlot({
  placement,
  latitude,
  longitude,
  laundromatId,
  className,
}: AdSlotProps) {
  const { t } = useTranslation('finder');
  const box = useRef<HTMLElement>(null);
  const near = useSeenOnce(box, { rootMargin: '300px' });
  // Never before the page has loaded: the first screen's requests and work come first.
  const loaded = usePageLoaded();
  const url = adRequestUrl({ placement, latitude, longitude, laundromatId });
  const { data: ad } = useQuery({
    queryKey: [url, 'ad'],
    queryFn: () => fetchAd(url),
    enabled: near && loaded,
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

  return (
    <aside
      ref={box}
      className={[styles.slot, placementClass[placement], className].filter(Boolean).join(' ')}
      aria-label={t('ads.label')}
      data-placement={placement}
      data-state={ad ? 'filled' : 'empty'}
    >
      {ad && (ad.house ? <HouseAd /> : <Creative key={ad.token} ad={ad} />)}
    </aside>
  );
});

function Creative({ ad }: { ad: ServedAd }) {
  const { t } = useTranslation('finder');
  const [imageFailed, setImageFailed] = useState(false);
  const image = ad.imageUrl && !imageFailed ? ad.imageUrl : null;
  return (
    <a
      className={styles.creative}
      href={ad.clickUrl}
      target="_blank"
      rel="sponsored noopener"
      data-image={image !== null}
    >
      {image && (
        <img
          className={styles.image}
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      )}
      <span className={styles.text}>
        <span className={styles.title}>{ad.title}</span>
        {ad.description && <span className={styles.description}>{ad.description}</span>}
        <span className={styles.meta}>
          <span className={styles.label}>{t('ads.adLabel')}</span>
          <span className={styles.displayUrl}>{ad.displayUrl}</span>
        </span>
      </span>
    </a>
  );
}

/** The product's own 'Advertise here', in the visitor's language; never counted. */
function HouseAd() {
  const { t } = useTranslation('finder');
  return (
    <Link className={styles.creative} to="/advertiser/setup" data-image={false} data-house="true">
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
function useImpression(box: React.RefObject<HTMLElement | null>, ad: ServedAd | null | undefined) {
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
