import { photoCategoryFilters } from '@laundry/contracts';
import type { CategoryFilter as Category } from '../domain/photo-display.ts';
import { useText } from '../shared/use-text.ts';
import styles from './gallery.module.css';

/** docs/product.md, Pages: 'all' plus the five categories, one chosen at a time. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: Category;
  onChange: (value: Category) => void;
}) {
  const { t } = useText();
  return (
    <div className={styles.filter} role="group" aria-label={t('gallery.category')}>
      {photoCategoryFilters.map((category) => (
        <button
          key={category}
          type="button"
          className={styles.chip}
          aria-pressed={value === category}
          onClick={() => onChange(category)}
        >
          {t(`gallery.categories.${category}`)}
        </button>
      ))}
    </div>
  );
}
