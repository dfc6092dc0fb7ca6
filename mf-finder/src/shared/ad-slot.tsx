import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './shared.module.css';

/** Reserves the ad network slot's space (min 250 px high) honestly empty until ads are built. */
export const AdSlot = memo(function AdSlot({ className }: { className?: string }) {
  const { t } = useTranslation('finder');
  return (
    <aside className={[styles.adSlot, className].filter(Boolean).join(' ')} aria-label={t('ads.label')}>
      {t('ads.placeholder')}
    </aside>
  );
});
