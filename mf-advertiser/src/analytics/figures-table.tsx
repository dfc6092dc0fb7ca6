import type { ReactNode } from 'react';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { formatCount, formatPercent } from '../domain/formats.ts';
import styles from './analytics.module.css';

export interface FigureRow {
  key: string;
  name: ReactNode;
  impressions: number;
  clicks: number;
  /** Clicks per impression, as the service answers it. */
  ctr: number;
  spend: number;
}

/**
 * Impressions, clicks, CTR and spend per row (a city, a laundromat, a placement, a period). `hidden` keeps
 * it for screen readers only: the figures a chart draws, in words.
 */
export function FiguresTable({
  caption,
  nameHeader,
  rows,
  hidden,
  testId,
}: {
  caption: string;
  nameHeader: string;
  rows: readonly FigureRow[];
  hidden?: boolean;
  testId?: string;
}) {
  const { t, locale } = useText();
  const { money } = useMoney();
  const table = (
    <table className={styles.table} data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">{t('analytics.tiles.impressions')}</th>
          <th scope="col">{t('analytics.tiles.clicks')}</th>
          <th scope="col">{t('analytics.tiles.ctr')}</th>
          <th scope="col">{t('analytics.tiles.spend')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td>{formatCount(row.impressions, locale)}</td>
            <td>{formatCount(row.clicks, locale)}</td>
            <td>{row.impressions > 0 ? formatPercent(row.ctr * 100, locale) : '—'}</td>
            <td>{money(row.spend)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (hidden) return <div className="visually-hidden">{table}</div>;
  return (
    // A table wider than a phone scrolls inside its card, by keyboard too.
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={caption}>
      {table}
    </div>
  );
}
