import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Card, buttonClassName } from '@laundry/ui';
import { signInUrl } from '../api/sign-in.ts';
import { useText } from './use-text.ts';
import styles from './page.module.css';

/** A page's first wait: a line screen readers announce, in the page's own words. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useText();
  return (
    <p className={styles.status} role="status">
      {label ?? t('common:status.loading')}
    </p>
  );
}

/** A page that needs a signed-in advertiser, opened signed out: sign in and come back here. */
export function SignInCard({ returnTo, text }: { returnTo: string; text?: string }) {
  const { t } = useText();
  return (
    <div className={styles.page}>
      <Card className={styles.messageCard}>
        <h1>{t('signIn.title')}</h1>
        <p>{text ?? t('signIn.text')}</p>
        <a className={buttonClassName()} href={signInUrl(returnTo)}>
          {t('signIn.button')}
        </a>
      </Card>
    </div>
  );
}

/** docs/product.md, Pages: without an advertiser profile, a welcome card leads to /advertiser/setup. */
export function WelcomeCard() {
  const { t } = useText();
  return (
    <div className={styles.page}>
      <Card className={styles.messageCard} data-testid="advertiser-welcome">
        <h1>{t('dashboard.welcomeTitle')}</h1>
        <p>{t('dashboard.welcomeText')}</p>
        <Link className={buttonClassName()} to="/advertiser/setup">
          {t('dashboard.createProfile')}
        </Link>
        {/* Running a laundromat needs no advertiser profile: its claims are reached from here too. */}
        <Link className={styles.backLink} to="/advertiser/laundromats">
          {t('claims.listTitle')}
        </Link>
      </Card>
    </div>
  );
}

/** A load that failed for another reason than the session: say so and offer to try again. */
export function LoadFailed({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  const { t } = useText();
  return (
    <div className={styles.page}>
      <Card className={styles.messageCard} role="alert">
        <h1>{t('messages.loadFailedTitle')}</h1>
        <p>{t('messages.loadFailedText')}</p>
        {children}
        <Button onClick={onRetry}>{t('common:actions.retry')}</Button>
      </Card>
    </div>
  );
}
