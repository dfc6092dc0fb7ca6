import { Badge } from '@laundry/ui';
import type { Laundromat } from '@laundry/contracts';
import { distanceText } from '../domain/distance-display.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { cardBadge, cardStatusText, currentOpenStatus } from '../domain/open-status-display.ts';
import { washFromText } from '../domain/price-display.ts';
import { StarRating } from '../shared/star-rating.tsx';
import { LiveBadge } from '../live/live-badge.tsx';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

interface CardProps {
  laundromat: Laundromat;
  origin: Coordinates | null;
  selected: boolean;
  onSelect: (id: string) => void;
  now: Date;
}

export function LaundromatCard({ laundromat, origin, selected, onSelect, now }: CardProps) {
  const { t, text, locale } = useText();
  const status = currentOpenStatus(laundromat, now);
  const badge = cardBadge(status);
  const distance = distanceText(laundromat, origin, locale);
  const price = washFromText(laundromat, locale);
  return (
    <li>
      <button
        type="button"
        className={styles.card}
        aria-current={selected ? 'true' : undefined}
        aria-label={t('results.select', { name: laundromat.name })}
        onClick={() => onSelect(laundromat.id)}
        data-testid="laundromat-card"
        data-laundromat-id={laundromat.id}
      >
        <span className={styles.cardTop}>
          <span className={styles.cardName}>{laundromat.name}</span>
          <Badge tone={badge.tone}>{text(badge.label)}</Badge>
        </span>
        <span className={styles.cardStatus} data-tone={badge.tone}>
          {text(cardStatusText(status, locale))}
        </span>
        <StarRating rating={laundromat.averageRating} reviews={laundromat.totalReviews} />
        <span className={styles.cardBottom}>
          {distance && <span>{t('results.distance', { distance })}</span>}
          {price && <span>{text(price)}</span>}
          <LiveBadge live={laundromat.live} now={now} />
        </span>
      </button>
    </li>
  );
}
