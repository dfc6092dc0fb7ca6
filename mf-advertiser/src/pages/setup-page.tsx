import { Navigate } from 'react-router';
import { useAdvertiser } from '../api/queries.ts';
import { LoadFailed, PageLoading } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { Pitch } from '../profile/pitch.tsx';
import { ProfileForm } from '../profile/profile-form.tsx';
import styles from '../components/page.module.css';

/**
 * /advertiser/setup (docs/product.md, Pages): signed out, the pitch; signed in, the profile form; a user who
 * already has a profile goes on to the dashboard.
 */
export default function SetupPage() {
  const { t } = useText();
  const { isSignedIn, isLoading, profile, error, refetch } = useAdvertiser();
  useScrollToTop();

  if (isLoading) return <PageLoading />;
  if (!isSignedIn) return <Pitch />;
  if (error) return <LoadFailed onRetry={() => void refetch()} />;
  if (profile) return <Navigate to="/advertiser/dashboard" replace />;
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <h1 className={styles.title}>{t('setup.title')}</h1>
          <p className={styles.subtitle}>{t('setup.subtitle')}</p>
        </div>
      </header>
      <ProfileForm mode="create" />
    </div>
  );
}
