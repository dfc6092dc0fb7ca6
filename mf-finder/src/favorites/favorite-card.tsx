import { Badge, Button, Card } from '@laundry/ui';
import type { FavoriteListItem } from '@laundry/contracts';
import { placeLine } from '../domain/contact-display.ts';
import { currentOpenStatus, favoriteBadge } from '../domain/open-status-display.ts';
import { favoritePriceLines } from '../domain/price-display.ts';
import { NavigateLink } from '../shared/navigate-link.tsx';
import { StarRating } from '../shared/star-rating.tsx';
import { useText } from '../shared/use-text.ts';
import styles from './favorites.module.css';

export function FavoriteCard({
  favorite,
  onRemove,
}: {
  favorite: FavoriteListItem;
  onRemove: (id: string) => void;
}) {
  const { t, text, locale } = useText();
  const badge = favoriteBadge(currentOpenStatus(favorite, new Date()));
  return (
    <Card className={styles.card}>
      <div className={styles.top}>
        <h2 className={styles.name}>{favorite.name}</h2>
        <Badge tone={badge.tone}>{text(badge.label)}</Badge>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onRemove(favorite.id)}
          aria-label={t('favorites.remove', { name: favorite.name })}
        >
          <span aria-hidden="true" className={styles.heart}>
            ♥
          </span>
        </Button>
      </div>
      <StarRating rating={favorite.averageRating} reviews={favorite.totalReviews} />
      <p className={styles.address}>{placeLine(favorite)}</p>
      <p className={styles.prices}>
        {favoritePriceLines(favorite, locale).map((line) => (
          <span key={line.label.key}>
            {text(line.label)} {line.price}
          </span>
        ))}
      </p>
      <NavigateLink to={favorite} size="small" />
    </Card>
  );
}
