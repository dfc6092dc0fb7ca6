import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAdvertiser } from '../api/queries.ts';
import { CampaignForm } from '../campaign/campaign-form.tsx';
import { LoadFailed, PageLoading, SignInCard, WelcomeCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { initialCampaignValues } from '../domain/campaign-form.ts';
import { billingCurrencyOf } from '../domain/currency.ts';
import styles from '../components/page.module.css';

/**
 * /campaigns/create (docs/product.md, Pages): the campaign form with its defaults (Constants), in the
 * advertiser's billing currency.
 */
export default function CampaignCreatePage() {
  const { t } = useText();
  const { isSignedIn, isLoading, profile, error, refetch } = useAdvertiser();
  useScrollToTop();
  const currency = billingCurrencyOf(profile);
  const initial = useMemo(() => initialCampaignValues(currency), [currency]);

  if (isLoading) return <PageLoading />;
  if (!isSignedIn) return <SignInCard returnTo="/campaigns/create" />;
  if (error) return <LoadFailed onRetry={() => void refetch()} />;
  if (!profile) return <WelcomeCard />;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <Link className={styles.backLink} to="/advertiser/dashboard">
            ← {t('backToDashboard')}
          </Link>
          <h1 className={styles.title}>{t('campaign.createTitle')}</h1>
          <p className={styles.subtitle}>{t('campaign.createSubtitle')}</p>
        </div>
      </header>
      <CampaignForm mode={{ kind: 'create' }} initial={initial} profile={profile} />
    </div>
  );
}
