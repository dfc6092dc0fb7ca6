import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@laundry/ui';
import styles from './coming-soon-page.module.css';

export default function ComingSoonPage() {
  const { t } = useTranslation('advertiser');
  return (
    <Card className={styles.card}>
      <h1 className={styles.title}>{t('comingSoon.title')}</h1>
      <p className={styles.text}>{t('setup.pitch.subtitle')}</p>
      <Link to="/">{t('common:actions.back')}</Link>
    </Card>
  );
}
