import { memo } from 'react';
import { Button } from '@laundry/ui';
import type { Coordinates } from '../domain/geo-distance.ts';
import { distanceOptionHint, sortModes, type SortDirection, type SortMode } from '../domain/sorting.ts';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

interface SortControlsProps {
  mode: SortMode;
  direction: SortDirection;
  origin: Coordinates | null;
  onModeChange: (mode: SortMode) => void;
  onDirectionToggle: () => void;
}

export const SortControls = memo(function SortControls({
  mode,
  direction,
  origin,
  onModeChange,
  onDirectionToggle,
}: SortControlsProps) {
  const { t, text } = useText();
  const distanceHint = distanceOptionHint(origin);
  return (
    <div className={styles.sortRow}>
      <label className={styles.selectLabel}>
        {t('sort.label')}
        <select value={mode} onChange={(event) => onModeChange(event.target.value as SortMode)}>
          {sortModes.map((value) => (
            <option
              key={value}
              value={value}
              title={value === 'distance' && distanceHint ? text(distanceHint) : undefined}
            >
              {t(`sort.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="ghost"
        size="small"
        onClick={onDirectionToggle}
        aria-label={t('sort.toggleDirection')}
        title={t('sort.toggleDirection')}
      >
        <span aria-hidden="true">{direction === 'highToLow' ? '↓' : '↑'}</span> {t(`sort.${direction}`)}
      </Button>
      {mode !== 'distance' && distanceHint && <span className={styles.muted}>{text(distanceHint)}</span>}
    </div>
  );
});
