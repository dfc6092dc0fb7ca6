import { Badge } from '@laundry/ui';
import type { Laundromat } from '@laundry/contracts';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '../domain/local-time-format.ts';
import { detailOpenReading, type DetailOpenReading } from '../domain/open-status-display.ts';
import { weeklyRanges } from '../domain/weekly-ranges.ts';
import type { CurrentOpenStatus } from '@laundry/contracts';
import { useText } from '../shared/use-text.ts';
import styles from './detail.module.css';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function dayText(value: string | undefined, locale: string, t: (key: string) => string): string {
  if (!value || value === 'closed') return t('detail.closed');
  if (value === '24/7' || value === '0:00-24:00') return t('detail.open24');
  const match = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/.exec(value);
  if (!match?.[1] || !match[2]) return value;
  const pad = (time: string) => time.padStart(5, '0');
  return `${formatLocalTime(pad(match[1]), locale)} – ${formatLocalTime(pad(match[2]), locale)}`;
}

/** A day of several ranges ('08:00 – 12:00, 14:00 – 19:00'), each written as dayText writes one. */
function rangesText(ranges: string[], locale: string, t: (key: string) => string): string {
  return ranges.length === 0
    ? t('detail.closed')
    : ranges.map((range) => dayText(range, locale, t)).join(', ');
}

export function HoursList({ laundromat, status }: { laundromat: Laundromat; status: CurrentOpenStatus }) {
  const { t, text, locale } = useText();
  const { t: tc } = useTranslation('common');
  const reading: DetailOpenReading = detailOpenReading(status, locale);
  const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: laundromat.timeZone })
    .format(new Date())
    .toLowerCase();
  // The value itself where the table can say it (a lunch break as two ranges, a night past midnight as one);
  // the derived hours, one span a day cut at midnight, otherwise.
  const week = weeklyRanges(laundromat.openingHours);
  return (
    <section className={styles.section}>
      <h3>{t('detail.hours')}</h3>
      <p className={styles.todayLine} data-testid="today-line">
        <span>{text(reading.today)}</span>
        {status.is24Hours && <Badge tone="open">{t('badges.hours24')}</Badge>}
      </p>
      {reading.lastWashNote && <p className={styles.muted}>{text(reading.lastWashNote)}</p>}
      <dl className={styles.hours}>
        {weekdays.map((day) => (
          <div key={day} className={day === today ? styles.today : undefined}>
            <dt>
              {tc(`days.${day}`)}
              {day === today && <span className={styles.muted}> ({t('detail.today')})</span>}
            </dt>
            <dd>{week ? rangesText(week[day], locale, t) : dayText(laundromat.hours?.[day], locale, t)}</dd>
          </div>
        ))}
      </dl>
      {week?.exceptions && <p className={styles.muted}>{t('detail.hoursExceptions')}</p>}
    </section>
  );
}
