import { ratingBounds } from '@laundry/contracts';
import { useText } from '../shared/use-text.ts';
import styles from './reviews.module.css';

const values = Array.from({ length: ratingBounds.max }, (_, i) => i + ratingBounds.min);

/**
 * A 1–5 star choice made of native radio buttons, so arrow keys, the tab order and screen readers work as
 * they do for any radio group; 0 means nothing chosen yet.
 */
export function StarInput({
  name,
  legend,
  value,
  onChange,
  size = 'large',
  errorText,
}: {
  name: string;
  legend: string;
  value: number;
  onChange: (value: number) => void;
  size?: 'large' | 'small';
  errorText?: string | undefined;
}) {
  const { t } = useText();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={size === 'large' ? styles.starField : styles.starRow}
      aria-describedby={errorText ? errorId : undefined}
    >
      <legend className={styles.starLegend}>{legend}</legend>
      <span className={size === 'large' ? styles.starsLarge : styles.starsSmall}>
        {values.map((star) => (
          <label key={star} className={star <= value ? styles.starOn : styles.starOff}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className={styles.starInput}
              aria-label={t('review.rateStars', { count: star })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </span>
      {errorText && (
        <span id={errorId} className={styles.error}>
          {errorText}
        </span>
      )}
    </fieldset>
  );
}
