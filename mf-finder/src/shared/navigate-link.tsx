import { buttonClassName } from '@laundry/ui';
import { useTranslation } from 'react-i18next';
import type { Coordinates } from '../domain/geo-distance.ts';
import { reportInteraction } from '../api/interactions.ts';

/**
 * Directions to the destination's coordinates in an external maps app (docs/product.md, Pages), in a new tab.
 */
export function directionsUrl(to: Coordinates): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${to.latitude},${to.longitude}`;
}

/** A laundromat as destination (one with an id) counts the tap for its owner's insights. */
export function NavigateLink({
  to,
  size = 'medium',
}: {
  to: Coordinates & { id?: string };
  size?: 'medium' | 'small';
}) {
  const { t } = useTranslation('finder');
  return (
    <a
      className={buttonClassName('primary', size)}
      href={directionsUrl(to)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => to.id && reportInteraction(to.id, 'directions')}
    >
      {t('detail.navigate')}
    </a>
  );
}
