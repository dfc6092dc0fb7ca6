import { useAdminText } from './use-admin-text.ts';
import styles from './admin.module.css';

/** One state at a time, as chips (the gallery's category filter in the finder works the same way). */
export function StatusFilter<S extends string>({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly S[];
  value: S;
  onChange: (status: S) => void;
}) {
  const { t } = useAdminText();
  return (
    <div className={styles.filter} role="group" aria-label={t('filter.status')}>
      {statuses.map((status) => (
        <button
          key={status}
          type="button"
          className={styles.chip}
          aria-pressed={value === status}
          onClick={() => onChange(status)}
        >
          {t(`status.${status}`)}
        </button>
      ))}
    </div>
  );
}
