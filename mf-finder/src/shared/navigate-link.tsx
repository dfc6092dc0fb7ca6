import { buttonClassName } from '@laundry/ui';
import { useTranslation } from 'react-i18next';
import type { Coordinates } from '../domain/geo-distance.ts';

/**
 * Directions to the destination's coordinates in an external maps app (docs/product.md, Pages), in a new tab.
 */
export function directionsUrl(to: Coordinates): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${to.latitude},${to.longitude}`;
}

export function NavigateLink({ to, size = 'medium' }: { to: Coordinates; size?: 'medium' | 'small' }) {
  const { t } = useTranslation('finder');
  return (
    <a
      className={buttonClassName('primary', size)}
      href={directionsUrl(to)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {t('detail.navigate')}
    </a>
  );
}
