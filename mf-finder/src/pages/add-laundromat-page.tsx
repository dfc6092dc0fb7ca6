import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddLaundromatForm } from '../add/add-laundromat-form.tsx';
import { LoginRequired } from '../add/login-required.tsx';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import styles from '../add/add.module.css';

export default function AddLaundromatPage() {
  const { t } = useTranslation('finder');
  const navigate = useNavigate();
  const { isSignedIn, isLoading } = useCurrentUser();
  // A page opened directly has no history to go back to; home is the sensible place then.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));

  if (isLoading) {
    return (
      <p className={styles.page} role="status">
        {t('common:status.loading')}
      </p>
    );
  }
  if (!isSignedIn) return <LoginRequired onBack={() => void goBack()} />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('add.title')}</h1>
      <p className={styles.muted}>{t('add.subtitle')}</p>
      <AddLaundromatForm onDone={() => void navigate('/')} onCancel={() => void goBack()} />
    </div>
  );
}
