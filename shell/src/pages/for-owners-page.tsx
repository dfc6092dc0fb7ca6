import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  basisPointsPerUnit,
  campaignMinimums,
  maxChargeForBudget,
  placementPriceE4,
  type AdPricingResponse,
} from '@laundry/contracts';
import { centsToDollars, dollarsToE4, e4ToDollars } from '@laundry/contracts/money';
import { buttonClassName } from '@laundry/ui';
import styles from './pages.module.css';

/**
 * The fee and each placement's price factor, from the ad service (GET /api/ads/pricing): the same numbers
 * it charges by and the campaign form shows, never a copy kept here.
 */
async function fetchPricing(): Promise<AdPricingResponse> {
  const response = await fetch('/api/ads/pricing');
  if (!response.ok) throw new Error(`GET /api/ads/pricing answered ${response.status}`);
  return (await response.json()) as AdPricingResponse;
}

/** ×1.2 from 12000 basis points, by its digits. */
const factorText = (bp: number) =>
  `×${Math.floor(bp / basisPointsPerUnit)}.${
    String(bp % basisPointsPerUnit)
      .padStart(4, '0')
      .replace(/0+$/, '') || '0'
  }`;

/** For owners: what advertising offers, what it costs per click and impression, and the way in. */
export function ForOwnersPage() {
  const { t, i18n } = useTranslation('shell');
  const title = t('forOwners.title');
  const money = (amount: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(amount);
  const pricing = useQuery({ queryKey: ['/api/ads/pricing'], queryFn: fetchPricing, staleTime: 5 * 60_000 });
  // Exact: the lowest bid and the budgets in E4, priced by the contracts' rule, dollars only to be written.
  const lowestBidE4 = dollarsToE4(campaignMinimums.costPerClick);
  const exampleBudgetE4 = dollarsToE4(100);

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
          {(pricing.data?.placements ?? []).map(({ key, factorBp }) => (
            <tr key={key}>
              <th scope="row">{t(`forOwners.placements.${key}`)}</th>
              <td>{money(e4ToDollars(placementPriceE4(lowestBidE4, factorBp)))}</td>
              <td>{factorText(factorBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pricing.data && (
        <p data-testid="for-owners-fee">
          {t('forOwners.feeNote', {
            fee: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 }).format(
              pricing.data.feeRateBp / basisPointsPerUnit,
            ),
            budget: money(e4ToDollars(exampleBudgetE4)),
            charged: money(
              centsToDollars(
                maxChargeForBudget(exampleBudgetE4, pricing.data.feeRateBp).advertiserChargeCents,
              ),
            ),
          })}
        </p>
      )}
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
