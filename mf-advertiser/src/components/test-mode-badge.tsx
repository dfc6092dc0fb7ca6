import { useText } from './use-text.ts';
import styles from './test-mode-badge.module.css';

/** Every billing screen says so when no real money moves (GET /api/billing/account's mode 'test'). */
export function TestModeBadge() {
  const { t } = useText();
  return (
    <span className={styles.badge} data-testid="test-mode-badge" title={t('billing.testModeText')}>
      {t('billing.testMode')}
    </span>
  );
}
