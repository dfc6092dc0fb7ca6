import { memo } from 'react';
import { filterGroups, ratingBounds } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import { activeFilterCount, type FilterSet } from '../domain/filter-query.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

const groupTitles = { paymentMethods: 'payment', amenities: 'amenities', safety: 'safety' } as const;
const ratingChoices = Array.from({ length: ratingBounds.max - 1 }, (_, i) => i + 1);

interface FilterPanelProps {
  filters: FilterSet;
  onChange: (next: FilterSet) => void;
  onClear: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The expandable panel: every amenity filter by group, a minimum rating, clear filters. */
export const FilterPanel = memo(function FilterPanel({
  filters,
  onChange,
  onClear,
  open,
  onOpenChange,
}: FilterPanelProps) {
  const { t } = useText();
  const active = activeFilterCount(filters);
  return (
    <div className={styles.filterPanel}>
      <div className={styles.filterHeader}>
        <Button variant="secondary" size="small" aria-expanded={open} onClick={() => onOpenChange(!open)}>
          {open ? t('filters.hide') : t('filters.show')}
        </Button>
        {active > 0 && <span className={styles.muted}>{t('filters.activeCount', { count: active })}</span>}
      </div>
      {open && (
        <div className={styles.filterGroups}>
          {(Object.keys(filterGroups) as (keyof typeof filterGroups)[]).map((group) => (
            <fieldset key={group} className={styles.fieldset}>
              <legend>{t(`filters.groups.${groupTitles[group]}`)}</legend>
              {filterGroups[group].map((key) => (
                <label key={key} className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={filters[key] === true}
                    onChange={(event) => onChange({ ...filters, [key]: event.target.checked })}
                  />
                  {t(`amenities.${key}`)}
                </label>
              ))}
            </fieldset>
          ))}
          <label className={styles.selectLabel}>
            {t('filters.minRating')}
            <select
              value={filters.minRating}
              onChange={(event) => onChange({ ...filters, minRating: Number(event.target.value) })}
            >
              <option value={0}>{t('filters.anyRating')}</option>
              {ratingChoices.map((rating) => (
                <option key={rating} value={rating}>
                  {t('filters.ratingAtLeast', { rating })}
                </option>
              ))}
            </select>
          </label>
          <Button variant="ghost" size="small" onClick={onClear} disabled={active === 0}>
            {t('filters.clear')}
          </Button>
        </div>
      )}
    </div>
  );
});
