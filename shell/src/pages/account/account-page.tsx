import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName, PageSpinner } from '@laundry/ui';
import { emailChangeResults, type EmailChangeResult } from '@laundry/contracts';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { signInUrl } from '../../auth/auth-urls.ts';
import { ProfileSection } from './profile-section.tsx';
import { ContributionsSection } from './contributions-section.tsx';
import { SuggestionsSection } from './suggestions-section.tsx';
import { EmailSection } from './email-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { DataSection } from './data-section.tsx';
import styles from './account.module.css';

/** What the e-mail change link said, from `?emailChange=` (identity's redirect back here). */
function useEmailChangeResult(): EmailChangeResult | undefined {
  const [params] = useSearchParams();
  const value = params.get('emailChange');
  return emailChangeResults.find((result) => result === value);
}

/** /account: the signed-in person's own account (issue 20 item 1). */
export function AccountPage() {
  const { t } = useTranslation('shell');
  const currentUser = useCurrentUser();
  const emailChange = useEmailChangeResult();

  useEffect(() => {
    document.title = `${t('account.title')} · ${t('common:appName')}`;
  }, [t]);

  if (currentUser.isPending) return <PageSpinner label={t('account.loading')} />;
  const user = currentUser.data;
  if (!user) {
    return (
      <div className={styles.signedOut}>
        <h1 className={styles.title}>{t('account.signInRequired')}</h1>
        <p>{t('account.signInPrompt')}</p>
        <p className={styles.actions}>
          <a className={buttonClassName('primary')} href={signInUrl('/account')}>
            {t('account.signIn')}
          </a>
          <Link className={buttonClassName('secondary')} to="/">
            {t('account.backToMap')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('account.title')}</h1>
      {emailChange && (
        <p className={emailChange === 'changed' ? styles.success : styles.error} role="status">
          {t(`account.email.${emailChange}`)}
        </p>
      )}
      <div className={styles.grid}>
        <ProfileSection user={user} />
        <ContributionsSection user={user} />
        <SuggestionsSection />
        <EmailSection user={user} />
        <NotificationsSection />
        <PasswordSection />
        <SessionsSection />
        <DataSection />
      </div>
    </div>
  );
}
