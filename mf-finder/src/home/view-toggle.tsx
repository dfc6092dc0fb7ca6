import { memo } from 'react';
import { useText } from '../shared/use-text.ts';
import styles from './home.module.css';

export const desktopViews = ['list', 'both', 'map'] as const;
export type DesktopView = (typeof desktopViews)[number];

export const ViewToggle = memo(function ViewToggle({
  view,
  onChange,
}: {
  view: DesktopView;
  onChange: (view: DesktopView) => void;
}) {
  const { t } = useText();
  return (
    <div className={styles.viewToggle} role="group" aria-label={t('view.label')}>
      {desktopViews.map((value) => (
        <button key={value} type="button" aria-pressed={view === value} onClick={() => onChange(value)}>
          {t(`view.${value}`)}
        </button>
      ))}
    </div>
  );
});
