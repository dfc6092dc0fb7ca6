import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaundromatMapProps } from './laundromat-map.tsx';
import styles from './laundromat-map.module.css';

const LaundromatMap = lazy(() =>
  import(/* webpackChunkName: "laundromat-map" */ './laundromat-map.tsx').then(({ LaundromatMap }) => ({
    default: LaundromatMap,
  })),
);

/** Waits for the browser to be idle (after the first paint), at most this long. */
const idleTimeoutMs = 1000;

function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: idleTimeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/** The same box the map shows while its library loads. */
function MapPlaceholder() {
  const { t } = useTranslation('finder');
  return (
    <section className={styles.root} aria-label={t('map.label')}>
      <div className={styles.placeholder} role="status">
        {t('map.loading')}
      </div>
    </section>
  );
}

/**
 * The map, fetched only once the list has had its first render (`listReady`) and the browser is idle:
 * the map library is the heaviest part of the page, and the list must never wait for it.
 */
export function DeferredLaundromatMap({ listReady, ...props }: LaundromatMapProps & { listReady: boolean }) {
  const [start, setStart] = useState(false);
  useEffect(() => {
    if (start || !listReady) return;
    return whenIdle(() => setStart(true));
  }, [start, listReady]);

  if (!start) return <MapPlaceholder />;
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <LaundromatMap {...props} />
    </Suspense>
  );
}
