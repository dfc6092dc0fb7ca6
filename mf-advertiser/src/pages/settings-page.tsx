import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAdvertiser, useBillingAccount, useInvoices } from '../api/queries.ts';
import { LoadFailed, PageLoading, SignInCard, WelcomeCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { ProfileForm } from '../profile/profile-form.tsx';
import { InvoicesSection } from '../settings/invoices-section.tsx';
import { NotificationsSection } from '../settings/notifications-section.tsx';
import { PaymentMethodSection } from '../settings/payment-method-section.tsx';
import { BillingDetailsSection } from '../settings/billing-details-section.tsx';
import { VerificationSection } from '../settings/verification-section.tsx';
import { canDo } from '../domain/team-role.ts';
import pageStyles from '../components/page.module.css';
import styles from '../settings/settings.module.css';

/**
 * /advertiser/settings (linked from the dashboard; docs/product.md, Pages): the business profile (PUT
 * /api/advertisers/me, the setup form's fields and rules), verification, the payment method with the
 * account's standing, the invoices, and which notification e-mails the person gets.
 */
export default function SettingsPage() {
  const { t } = useText();
  const { isSignedIn, isLoading, profile, error, refetch } = useAdvertiser();
  // Billing is the account owner's; a viewer changes nothing here but their own e-mails.
  const sees = { billing: canDo(profile, 'billing'), manage: canDo(profile, 'manage') };
  const account = useBillingAccount(sees.billing);
  const invoices = useInvoices(sees.billing);
  useScrollToTop();
  const { hash } = useLocation();
  // The dashboard's links open the page at a section: 'Verify your business', a paused account's card,
  // the invoices.
  useEffect(() => {
    if (profile && ['#verification', '#payment-method', '#invoices', '#notifications'].includes(hash))
      document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [profile, hash]);

  if (isLoading) return <PageLoading />;
  if (!isSignedIn) return <SignInCard returnTo="/advertiser/settings" />;
  if (error) return <LoadFailed onRetry={() => void refetch()} />;
  // A laundromat's owner may have no advertiser profile: the welcome card, and their e-mails all the same.
  if (!profile)
    return (
      <>
        <WelcomeCard />
        <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
          <NotificationsSection />
        </div>
      </>
    );

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/dashboard">
            ← {t('backToDashboard')}
          </Link>
          <h1 className={pageStyles.title}>{t('settings.title')}</h1>
          <p className={pageStyles.subtitle}>{t('settings.subtitle')}</p>
        </div>
      </header>
      <div className={styles.layout}>
        {sees.manage && (
          <section className={styles.group} aria-labelledby="settings-profile">
            <h2 id="settings-profile" className={styles.groupTitle}>
              {t('settings.profile.title')}
            </h2>
            <p className={styles.groupText}>{t('settings.profile.text')}</p>
            <ProfileForm key={profile.id} mode="edit" profile={profile} />
          </section>
        )}
        {sees.manage && <VerificationSection profile={profile} />}
        {sees.billing && (
          <>
            <BillingDetailsSection />
            <PaymentMethodSection
              account={{ data: account.data, isError: account.isError }}
              invoices={invoices.data?.available ? invoices.data.data : []}
            />
            <InvoicesSection
              invoices={invoices.data}
              isError={invoices.isError}
              testMode={account.data?.available === true && account.data.data.mode === 'test'}
            />
          </>
        )}
        <NotificationsSection />
      </div>
    </div>
  );
}
