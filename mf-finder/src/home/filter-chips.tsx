import { memo } from 'react';
import { quickFilterKeys } from '@laundry/contracts';
import { hoursFilterKeys, liveFilterKeys, type FilterSet } from '../domain/filter-query.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

export const FilterChips = memo(function FilterChips({
  filters,
  onChange,
}: {
  filters: FilterSet;
  onChange: (next: FilterSet) => void;
}) {
  const { t } = useText();
  return (
    <div className={styles.chips} role="group" aria-label={t('filters.quick')}>
      {[...hoursFilterKeys, ...quickFilterKeys, ...liveFilterKeys].map((key) => (
        <button
          key={key}
          type="button"
          className={styles.chip}
          aria-pressed={filters[key] === true}
          title={key === 'hasBigDrums' ? t('filters.hasBigDrumsHint') : undefined}
          onClick={() => onChange({ ...filters, [key]: !filters[key] })}
        >
          {t(`filters.${key}`)}
        </button>
      ))}
    </div>
  );
});
