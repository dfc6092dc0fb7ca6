import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@laundry/ui';
import styles from './pages.module.css';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const title = t('notFound.title');

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  return (
    <div className={styles.notFound}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.muted}>{t('notFound.text')}</p>
      <Link to="/" className={buttonClassName('primary')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
