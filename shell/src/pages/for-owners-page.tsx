import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { campaignMinimums, placementKeys } from '@laundry/contracts';
import { buttonClassName } from '@laundry/ui';
import styles from './pages.module.css';

/**
 * The placements' price factors as the ad service's placements table sets them (migration 0002): a click or
 * an impression in the detail slot costs the campaign's price times 1.2, the home page's slots 1.0.
 */
export const placementPriceFactors: Record<(typeof placementKeys)[number], number> = {
  'home-sidebar': 1,
  'home-page': 1,
  'laundromat-detail': 1.2,
};

/** For owners: what advertising offers, what it costs per click and impression, and the way in. */
export function ForOwnersPage() {
  const { t, i18n } = useTranslation('shell');
  const title = t('forOwners.title');
  const money = (amount: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(amount);

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{title}</h1>
      <p>{t('forOwners.intro')}</p>
      <h2 className={styles.sectionTitle}>{t('forOwners.offersTitle')}</h2>
      <ul>
        <li>{t('forOwners.offers.nearby')}</li>
        <li>{t('forOwners.offers.payForResults')}</li>
        <li>{t('forOwners.offers.budget')}</li>
        <li>{t('forOwners.offers.reports')}</li>
      </ul>
      <h2 className={styles.sectionTitle}>{t('forOwners.placementsTitle')}</h2>
      <table className={styles.priceTable}>
        <thead>
          <tr>
            <th scope="col">{t('forOwners.placement')}</th>
            <th scope="col">{t('forOwners.perClick')}</th>
            <th scope="col">{t('forOwners.factor')}</th>
          </tr>
        </thead>
        <tbody>
          {placementKeys.map((key) => (
            <tr key={key}>
              <th scope="row">{t(`forOwners.placements.${key}`)}</th>
              <td>{money(campaignMinimums.costPerClick * placementPriceFactors[key])}</td>
              <td>×{placementPriceFactors[key].toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>
        {t('forOwners.pricing', {
          click: money(campaignMinimums.costPerClick),
          daily: money(campaignMinimums.dailyBudget),
          total: money(campaignMinimums.totalBudget),
        })}
      </p>
      <Link to="/advertiser/setup" className={buttonClassName('primary')}>
        {t('forOwners.start')}
      </Link>
    </article>
  );
}
