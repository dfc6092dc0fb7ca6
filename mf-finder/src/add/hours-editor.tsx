import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdays, type Weekday } from '@laundry/contracts';
import { Button } from '@laundry/ui';
import {
  copyDay,
  dayGroups,
  emptyRange,
  endsNextDay,
  incompleteDays,
  isCompleteRange,
  type TimeRange,
  type WeeklyHours,
} from '@laundry/ui/weekly-hours';
import styles from './add.module.css';

const workingWeek = ['tuesday', 'wednesday', 'thursday', 'friday'] as const satisfies readonly Weekday[];

/** 'HH:MM' in the reader's way of writing times ('6:00 PM', '18:00'). */
function clockText(time: string, locale: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  try {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, 1, hours, minutes),
    );
  } catch {
    return time;
  }
}

/**
 * The weekly hours editor: per day closed, or one or more ranges (an end before the start runs past
 * midnight), or the whole week round the clock; under it, the week as it will read.
 */
export function HoursEditor({
  value,
  onChange,
}: {
  value: WeeklyHours;
  onChange: (next: WeeklyHours) => void;
}) {
  const { t, i18n } = useTranslation('finder');
  const locale = i18n.language;
  const dayName = (day: Weekday) => t(`common:days.${day}`);
  const setDay = (day: Weekday, plan: WeeklyHours['days'][Weekday]) =>
    onChange({ ...value, days: { ...value.days, [day]: plan } });
  const setRange = (day: Weekday, index: number, range: TimeRange) =>
    setDay(day, {
      ...value.days[day],
      ranges: value.days[day].ranges.map((current, i) => (i === index ? range : current)),
    });

  const unfinished = incompleteDays(value);
  const preview = useMemo(() => {
    if (value.allDayEveryDay) return [{ days: '', text: t('add.hoursEditor.previewAlways') }];
    const groups = dayGroups(value);
    if (groups.every((group) => group.spec === null)) return [];
    return groups.map((group) => {
      const days =
        group.first === group.last
          ? dayName(group.first)
          : `${dayName(group.first)} – ${dayName(group.last)}`;
      if (group.spec === null) return { days, text: t('add.hoursEditor.previewUnknown') };
      if (group.spec === 'off') return { days, text: t('add.hoursEditor.closed') };
      const ranges = value.days[group.first].ranges
        .filter(isCompleteRange)
        .sort((a, b) => a.from.localeCompare(b.from))
        .map((range) => {
          const to = clockText(range.to, locale);
          const end = endsNextDay(range) ? t('add.hoursEditor.nextDayTime', { time: to }) : to;
          return `${clockText(range.from, locale)} – ${end}`;
        });
      return { days, text: ranges.join(', ') };
    });
    // dayName reads t, which changes with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, t, locale]);

  return (
    <div className={styles.hoursEditor}>
      <label className={styles.checkbox} htmlFor="add-hours-always">
        <input
          id="add-hours-always"
          type="checkbox"
          checked={value.allDayEveryDay}
          onChange={(event) => onChange({ ...value, allDayEveryDay: event.target.checked })}
        />
        {t('add.hoursEditor.alwaysOpen')}
      </label>

      {!value.allDayEveryDay && (
        <>
          <div className={styles.hoursCopy}>
            <Button
              variant="secondary"
              size="small"
              onClick={() => onChange(copyDay(value, 'monday', workingWeek))}
            >
              {t('add.hoursEditor.copyToWeekdays')}
            </Button>
            <Button
              variant="secondary"
              size="small"
              onClick={() =>
                onChange(
                  copyDay(
                    value,
                    'monday',
                    weekdays.filter((day) => day !== 'monday'),
                  ),
                )
              }
            >
              {t('add.hoursEditor.copyToAll')}
            </Button>
          </div>
          <ul className={styles.hoursDays} aria-label={t('add.hoursEditor.daysLabel')}>
            {weekdays.map((day) => {
              const plan = value.days[day];
              return (
                <li key={day} className={styles.hoursDay} data-testid={`hours-${day}`}>
                  <span className={styles.hoursDayName}>{dayName(day)}</span>
                  <label className={styles.checkbox}>
                    <input
                      type="checkbox"
                      checked={plan.closed}
                      aria-label={t('add.hoursEditor.closedOn', { day: dayName(day) })}
                      onChange={(event) => setDay(day, { ...plan, closed: event.target.checked })}
                    />
                    {t('add.hoursEditor.closed')}
                  </label>
                  {!plan.closed && (
                    <div className={styles.hoursRanges}>
                      {plan.ranges.map((range, index) => (
                        <div key={index} className={styles.hoursRange}>
                          <input
                            type="time"
                            className={styles.input}
                            value={range.from}
                            aria-label={t('add.hoursEditor.opens', { day: dayName(day), n: index + 1 })}
                            onChange={(event) => setRange(day, index, { ...range, from: event.target.value })}
                          />
                          <span aria-hidden="true">–</span>
                          <input
                            type="time"
                            className={styles.input}
                            value={range.to}
                            aria-label={t('add.hoursEditor.closes', { day: dayName(day), n: index + 1 })}
                            onChange={(event) => setRange(day, index, { ...range, to: event.target.value })}
                          />
                          {endsNextDay(range) && (
                            <span className={styles.nextDay}>{t('add.hoursEditor.nextDay')}</span>
                          )}
                          {plan.ranges.length > 1 && (
                            <Button
                              variant="ghost"
                              size="small"
                              aria-label={t('add.hoursEditor.removeRange', {
                                day: dayName(day),
                                n: index + 1,
                              })}
                              onClick={() =>
                                setDay(day, { ...plan, ranges: plan.ranges.filter((_, i) => i !== index) })
                              }
                            >
                              ×
                            </Button>
                          )}
                        </div>
                      ))}
                      <Button
                        variant="ghost"
                        size="small"
                        aria-label={t('add.hoursEditor.addRangeOn', { day: dayName(day) })}
                        onClick={() => setDay(day, { ...plan, ranges: [...plan.ranges, emptyRange()] })}
                      >
                        {t('add.hoursEditor.addRange')}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}

      {unfinished.length > 0 && (
        <p className={styles.error} role="status">
          {t('add.hoursEditor.unfinished', { days: unfinished.map(dayName).join(', ') })}
        </p>
      )}

      <section className={styles.hoursPreview} aria-labelledby="add-hours-preview">
        <h3 id="add-hours-preview" className={styles.hoursPreviewTitle}>
          {t('add.hoursEditor.preview')}
        </h3>
        {preview.length === 0 ? (
          <p className={styles.hint}>{t('add.hoursEditor.previewEmpty')}</p>
        ) : (
          <dl className={styles.hoursPreviewList} data-testid="hours-preview">
            {preview.map((line) => (
              <div key={line.days || 'all'}>
                {line.days && <dt>{line.days}</dt>}
                <dd>{line.text}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
