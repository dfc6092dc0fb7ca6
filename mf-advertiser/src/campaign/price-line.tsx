import { useAdPricing } from '../api/queries.ts';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { priceLine } from '../domain/price-line.ts';
import styles from './campaign.module.css';

/**
 * Beside the budget and the bid: the most the budget can be charged with the platform fee, and what a click
 * costs and is charged in each placement, from GET /api/ads/pricing (the fee and factors billing uses).
 */
export function PriceLine({
  totalBudget,
  costPerClick,
  unit = 'click',
}: {
  totalBudget: string;
  /** The bid as typed: per click, or per thousand impressions when `unit` is 'thousand' (CPM). */
  costPerClick: string;
  unit?: 'click' | 'thousand';
}) {
  const { t, locale } = useText();
  const { currency, money, minor } = useMoney();
  const pricing = useAdPricing();
  if (pricing.isPending) return <p className={styles.priceNote}>{t('price.loading')}</p>;
  if (pricing.isError) return <p className={styles.priceNote}>{t('price.unavailable')}</p>;
  const line = priceLine(pricing.data, totalBudget, costPerClick, currency);
  if (!line) return null;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    line.feeRate,
  );
  return (
    <section className={styles.price} aria-labelledby="campaign-price-title" data-testid="price-line">
      <h3 id="campaign-price-title" className={styles.priceTitle}>
        {t('price.title')}
      </h3>
      <p className={styles.priceBudget} data-testid="price-budget">
        {t('price.budgetLine', {
          fee: percent,
          charged: minor(line.maxChargedMinor),
          budget: money(line.budget),
        })}
      </p>
      <p className={styles.priceNote}>{t('price.budgetHow')}</p>
      <div className={styles.priceTableBox}>
        <table className={styles.priceTable}>
          <caption>{t(unit === 'thousand' ? 'price.captionCpm' : 'price.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('price.placement')}</th>
              <th scope="col">{t('price.factor')}</th>
              <th scope="col">{t('price.spend')}</th>
              <th scope="col">{t('price.charged')}</th>
            </tr>
          </thead>
          <tbody>
            {line.placements.map((placement) => (
              <tr key={placement.key} data-testid={`price-${placement.key}`}>
                <th scope="row">{t(`price.placements.${placement.key}`)}</th>
                <td>{placement.factor}</td>
                <td>{money(placement.spend.value, placement.spend.decimals)}</td>
                <td>{money(placement.charged.value, placement.charged.decimals)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
