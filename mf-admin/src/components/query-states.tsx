import { Button, Card, PageSpinner } from '@laundry/ui';
import { errorDetail, errorText } from '../domain/admin-errors.ts';
import { useAdminText } from './use-admin-text.ts';
import styles from './admin.module.css';

export function Loading() {
  const { t } = useAdminText();
  return <PageSpinner label={t('loading')} />;
}

/** A list that could not be read: why, in the admin's language, and a Retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, text } = useAdminText();
  const detail = errorDetail(error);
  return (
    <Card className={styles.notice} role="alert">
      <h2 className={styles.noticeTitle}>{t('loadFailed')}</h2>
      <p className={styles.muted}>{text(errorText(error))}</p>
      {detail && <p className={styles.muted}>{detail}</p>}
      <Button variant="secondary" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Card>
  );
}

export function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Card className={styles.notice}>
      <h2 className={styles.noticeTitle}>{title}</h2>
      <p className={styles.muted}>{text}</p>
    </Card>
  );
}
