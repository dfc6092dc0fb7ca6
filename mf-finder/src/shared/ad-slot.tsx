import { lazy, memo, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacementKey } from '@laundry/contracts';
import { adRequestUrl } from '../domain/ad-request.ts';
import { usePageLoaded, useSeenOnce } from './use-in-view.ts';
import { adBoxClass, adStyles as styles } from '@laundry/ui/ad-look';

/**
 * What fills the box (the request, the creative, the impression) loads only once the page has and the slot
 * is near the screen: no part of the first load.
 */
const AdContent = lazy(() => import('./ad-content.tsx'));

export interface AdSlotProps {
  placement: PlacementKey;
  /** The place the page is about (the searched place, else the device's position). */
  latitude?: number | null;
  longitude?: number | null;
  /** The laundromat whose detail shows the slot. */
  laundromatId?: string | null;
  /** The page view it belongs to (see newPageView). */
  view?: string;
  className?: string;
}

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
  view,
  className,
}: AdSlotProps) {
  const { t } = useTranslation('finder');
  const box = useRef<HTMLElement>(null);
  const near = useSeenOnce(box, { rootMargin: '300px' });
  // Never before the page has loaded: the first screen's requests and work come first.
  const loaded = usePageLoaded();
  const url = adRequestUrl({ placement, latitude, longitude, laundromatId, view });

  return (
    <aside
      ref={box}
      className={[styles.slot, adBoxClass[placement], className].filter(Boolean).join(' ')}
      aria-label={t('ads.label')}
      data-placement={placement}
    >
      {near && loaded && (
        <Suspense fallback={null}>
          <AdContent url={url} box={box} />
        </Suspense>
      )}
    </aside>
  );
});
