import { useTranslation } from 'react-i18next';
import { Button, Card } from '@laundry/ui';
import styles from './remote-unavailable.module.css';

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Card className={styles.card} role="alert">
      <h1 className={styles.title}>{t('remoteError.title')}</h1>
      <p className={styles.text}>{t('remoteError.text')}</p>
      <Button onClick={onRetry}>{t('remoteError.retry')}</Button>
    </Card>
  );
}
