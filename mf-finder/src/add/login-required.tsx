import { useTranslation } from 'react-i18next';
import { Button, Card, buttonClassName } from '@laundry/ui';
import { signInUrl } from '../api/sign-in.ts';
import styles from './add.module.css';

/** Signed out, the page asks to log in and comes back to /add afterwards (docs/product.md, Pages). */
export function LoginRequired({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('finder');
  return (
    <Card className={styles.loginCard}>
      <h1 className={styles.title}>{t('add.loginRequired')}</h1>
      <p className={styles.muted}>
        <strong>{t('messages.auth.authRequiredTitle')}</strong>
      </p>
      <p className={styles.muted}>{t('messages.auth.authRequiredText')}</p>
      <div className={styles.actions}>
        <a className={buttonClassName()} href={signInUrl('/add')}>
          {t('add.logIn')}
        </a>
        <Button variant="secondary" onClick={onBack}>
          {t('add.goBack')}
        </Button>
      </div>
    </Card>
  );
}
