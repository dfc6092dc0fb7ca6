import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

/** A spinner that screen readers announce as loading; `label` overrides the generic text. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return <span className={styles.spinner} role="status" aria-label={label ?? t('status.loading')} />;
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.centered}>
      <Spinner label={label} />
    </div>
  );
}

export function Skeleton({ width = '100%', height = '1rem' }: { width?: string; height?: string }) {
  const style: CSSProperties = { width, height };
  return <span className={styles.skeleton} style={style} aria-hidden="true" />;
}
