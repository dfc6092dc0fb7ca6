import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lastOnline } from '@laundry/ui';
import { useNow, type OnlineStatus } from './online-status.ts';
import styles from './overlays.module.css';

/** The page content moves down by the banner's height (the header reads the same variable). */
const OFFSET_VARIABLE = '--offline-banner-offset';

export function OfflineBanner({ status }: { status: OnlineStatus }) {
  const { t, i18n } = useTranslation('shell');
  const banner = useRef<HTMLDivElement>(null);
  const now = useNow(30_000, !status.online);

  useLayoutEffect(() => {
    const element = banner.current;
    const root = document.documentElement;
    if (!element) {
      root.style.removeProperty(OFFSET_VARIABLE);
      return;
    }
    const observer = new ResizeObserver(() =>
      root.style.setProperty(OFFSET_VARIABLE, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(OFFSET_VARIABLE);
    };
  }, [status.online]);

  if (status.online) return null;
  const since = lastOnline(status.lastOnlineAt, now, i18n.language);
  return (
    <div ref={banner} className={styles.offlineBanner} role="status" data-testid="offline-banner">
      <strong>{t('offline.title')}</strong>
      {since && (
        <span>
          {t('offline.lastOnline')}
          {since.kind === 'relative' ? t(since.text.key, since.text.values) : since.date}
        </span>
      )}
      <span>{t('offline.showingCached')}</span>
    </div>
  );
}
