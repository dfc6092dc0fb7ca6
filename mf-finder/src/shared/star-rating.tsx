import { starRating } from '../domain/rating-display.ts';
import { useText } from './use-text.ts';
import styles from './shared.module.css';

export function StarRating({ rating, reviews }: { rating: number | null; reviews: number }) {
  const { t, text, locale } = useText();
  const display = starRating(rating, reviews, locale);
  const filled = display.stars.filter(Boolean).length;
  return (
    <span className={styles.rating}>
      <span
        className={styles.stars}
        role="img"
        aria-label={rating ? t('rating.outOf5', { rating: text(display.label) }) : text(display.label)}
      >
        {display.stars.map((on, i) => (
          <span key={i} className={on ? styles.starOn : styles.starOff} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
      <span className={styles.ratingValue} data-filled={filled}>
        {text(display.label)}
      </span>
      <span className={styles.reviewCount}>({text(display.reviewCount)})</span>
    </span>
  );
}
