import { useQuery } from '@tanstack/react-query';
import type { BusynessResponse } from '@laundry/contracts';
import { getJson } from '../api/http-client.ts';
import { dateTimeFormat } from '../domain/intl-formats.ts';
import { formatLocalTime } from '../domain/local-time-format.ts';
import { useText } from '../shared/use-text.ts';
import { busynessKeys, busynessView, labelledHour, type BusynessBar } from './busyness-view.ts';
import styles from './busyness.module.css';

/** The service keeps the hourly sums for five minutes (its Cache-Control); the page does the same. */
const BUSYNESS_STALE_MS = 5 * 60_000;

function useBusyness(laundromatId: string) {
  const key = [`/api/laundromats/${encodeURIComponent(laundromatId)}/busyness`] as const;
  return useQuery({
    queryKey: key,
    queryFn: async () => (await getJson<BusynessResponse>(key)).data,
    staleTime: BUSYNESS_STALE_MS,
    retry: false,
  });
}

/** Monday 1 … Sunday 7 as the locale names it ('Saturday'); 1 January 2024 was a Monday. */
const weekdayName = (weekday: number, locale: string) =>
  dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));

/** An hour of the laundromat's clock as the locale writes it ('10:00 AM', '10:00'). */
const hourText = (hour: number, locale: string) => formatLocalTime(`${hour}:00`, locale);

/**
 * How busy the laundromat usually is today, by hour of its own clock: bars for the eye, and the same
 * hours as a table a keyboard opens and a screen reader reads (the bars are hidden from it). Nothing is
 * shown while the answer is on its way or if it failed: the live state above does not depend on it.
 */
export function BusynessChart({ laundromatId }: { laundromatId: string }) {
  const { t, text, locale } = useText();
  const busyness = useBusyness(laundromatId);
  if (!busyness.data) return null;
  const view = busynessView(busyness.data);
  return (
    <div className={styles.busyness} data-testid="busyness">
      <h4 className={styles.heading}>{t('busyness.heading')}</h4>
      {view.kind === 'not-enough' ? (
        <p className={styles.muted}>{text(view.message)}</p>
      ) : (
        <>
          <p className={styles.verdict} data-testid="busyness-verdict">
            {[
              view.usually ? text(view.usually) : null,
              view.bestHour !== null ? t('busyness.best', { time: hourText(view.bestHour, locale) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className={styles.chart} aria-hidden="true" data-testid="busyness-bars">
            {view.bars.map((bar) => (
              <Bar key={bar.hour} bar={bar} locale={locale} />
            ))}
          </div>
          <details className={styles.table}>
            <summary>{t('busyness.showTable')}</summary>
            <table>
              <caption>{t('busyness.caption', { weekday: weekdayName(view.weekday, locale) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('busyness.hour')}</th>
                  <th scope="col">{t('busyness.howBusy')}</th>
                </tr>
              </thead>
              <tbody>
                {view.bars.map((bar) => (
                  <tr key={bar.hour} aria-current={bar.isNow ? 'time' : undefined}>
                    <th scope="row">
                      {hourText(bar.hour, locale)}
                      {bar.isNow && ` (${t('busyness.now')})`}
                    </th>
                    <td>
                      {t(busynessKeys.level[bar.level ?? 'unknown'])}
                      {bar.occupancy !== null &&
                        ` · ${t('busyness.inUse', { percent: Math.round(bar.occupancy * 100) })}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}

function Bar({ bar, locale }: { bar: BusynessBar; locale: string }) {
  return (
    <span className={styles.column}>
      <span
        className={styles.bar}
        data-level={bar.level ?? 'unknown'}
        data-now={bar.isNow || undefined}
        data-best={bar.isBest || undefined}
        style={{ blockSize: `${Math.max(6, Math.round((bar.occupancy ?? 0) * 100))}%` }}
      />
      <span className={styles.hourLabel}>
        {labelledHour(bar.hour)
          ? dateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }).format(
              Date.UTC(2000, 0, 1, bar.hour),
            )
          : ''}
      </span>
    </span>
  );
}
