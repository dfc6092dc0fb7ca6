import { Button } from '@laundry/ui';
import {
  copyDay,
  emptyRange,
  endsNextDay,
  incompleteDays,
  incompleteSpecials,
  monthDayOf,
  weekdays,
  type DayPlan,
  type SpecialDay,
  type TimeRange,
  type Weekday,
  type WeeklyHours,
} from '@laundry/ui/weekly-hours';
import { useText } from '../components/use-text.ts';
import formStyles from '../components/form.module.css';
import styles from './listing.module.css';

/** One day's (or special day's) closed box and its ranges; an end before the start runs past midnight. */
function DayRanges({
  plan,
  label,
  onChange,
}: {
  plan: DayPlan;
  /** The day as the controls' names say it ('Monday', 'Public holidays'). */
  label: string;
  onChange: (plan: DayPlan) => void;
}) {
  const { t } = useText();
  const setRange = (index: number, range: TimeRange) =>
    onChange({ ...plan, ranges: plan.ranges.map((current, i) => (i === index ? range : current)) });
  return (
    <>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={plan.closed}
          aria-label={t('listing.hours.closedOn', { day: label })}
          onChange={(event) =>
            onChange({
              closed: event.target.checked,
              ranges: plan.ranges.length > 0 ? plan.ranges : [emptyRange()],
            })
          }
        />
        {t('listing.hours.closed')}
      </label>
      {!plan.closed && (
        <div className={styles.ranges}>
          {plan.ranges.map((range, index) => (
            <div key={index} className={styles.range}>
              <input
                type="time"
                className={formStyles.input}
                value={range.from}
                aria-label={t('listing.hours.opens', { day: label, n: index + 1 })}
                onChange={(event) => setRange(index, { ...range, from: event.target.value })}
              />
              <span aria-hidden="true">–</span>
              <input
                type="time"
                className={formStyles.input}
                value={range.to}
                aria-label={t('listing.hours.closes', { day: label, n: index + 1 })}
                onChange={(event) => setRange(index, { ...range, to: event.target.value })}
              />
              {endsNextDay(range) && <span className={styles.nextDay}>{t('listing.hours.nextDay')}</span>}
              {plan.ranges.length > 1 && (
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={t('listing.hours.removeRange', { day: label, n: index + 1 })}
                  onClick={() => onChange({ ...plan, ranges: plan.ranges.filter((_, i) => i !== index) })}
                >
                  ×
                </Button>
              )}
            </div>
          ))}
          <Button
            variant="ghost"
            size="small"
            aria-label={t('listing.hours.addRangeOn', { day: label })}
            onClick={() => onChange({ ...plan, ranges: [...plan.ranges, emptyRange()] })}
          >
            {t('listing.hours.addRange')}
          </Button>
        </div>
      )}
    </>
  );
}

/** A special day's month and day, as the reader's language names the months. */
function monthNames(locale: string): string[] {
  return Array.from({ length: 12 }, (_, month) => {
    try {
      return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2024, month, 1),
      );
    } catch {
      return String(month + 1);
    }
  });
}

/**
 * The listing's hours: the week (per day closed or one or more ranges, or round the clock) and the
 * special days after it (public holidays, a date each year), which replace the week on their day.
 */
export function ListingHoursEditor({
  hours,
  specials,
  onHours,
  onSpecials,
}: {
  hours: WeeklyHours;
  specials: SpecialDay[];
  onHours: (next: WeeklyHours) => void;
  onSpecials: (next: SpecialDay[]) => void;
}) {
  const { t, locale } = useText();
  const dayName = (day: Weekday) => t(`common:days.${day}`);
  const months = monthNames(locale);
  const unfinished = incompleteDays(hours);
  const unfinishedSpecials = incompleteSpecials(specials);
  const setSpecial = (index: number, special: SpecialDay) =>
    onSpecials(specials.map((current, i) => (i === index ? special : current)));
  const specialName = (special: SpecialDay) => {
    if (special.when === 'PH') return t('listing.hours.publicHolidays');
    const date = monthDayOf(special.when);
    return date ? `${date.day} ${months[date.month - 1]}` : t('listing.hours.specialDay');
  };

  return (
    <div className={styles.hoursEditor}>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={hours.allDayEveryDay}
          onChange={(event) => onHours({ ...hours, allDayEveryDay: event.target.checked })}
        />
        {t('listing.hours.alwaysOpen')}
      </label>
      {!hours.allDayEveryDay && (
        <>
          <div className={styles.row}>
            <Button
              variant="secondary"
              size="small"
              onClick={() =>
                onHours(copyDay(hours, 'monday', ['tuesday', 'wednesday', 'thursday', 'friday']))
              }
            >
              {t('listing.hours.copyToWeekdays')}
            </Button>
            <Button
              variant="secondary"
              size="small"
              onClick={() =>
                onHours(
                  copyDay(
                    hours,
                    'monday',
                    weekdays.filter((day) => day !== 'monday'),
                  ),
                )
              }
            >
              {t('listing.hours.copyToAll')}
            </Button>
          </div>
          <ul className={styles.days} aria-label={t('listing.hours.week')}>
            {weekdays.map((day) => (
              <li key={day} className={styles.day} data-testid={`hours-${day}`}>
                <span className={styles.dayName}>{dayName(day)}</span>
                <DayRanges
                  plan={hours.days[day]}
                  label={dayName(day)}
                  onChange={(plan) => onHours({ ...hours, days: { ...hours.days, [day]: plan } })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {unfinished.length > 0 && (
        <p className={formStyles.error} role="status">
          {t('listing.hours.unfinished', { days: unfinished.map(dayName).join(', ') })}
        </p>
      )}

      <h3 className={styles.subTitle}>{t('listing.hours.specialTitle')}</h3>
      <p className={formStyles.hint}>{t('listing.hours.specialHint')}</p>
      {specials.length > 0 && (
        <ul className={styles.days} aria-label={t('listing.hours.specialTitle')}>
          {specials.map((special, index) => {
            const date = monthDayOf(special.when);
            const name = specialName(special);
            return (
              <li key={index} className={styles.special} data-testid="special-day">
                <div className={styles.specialWhen}>
                  <select
                    className={formStyles.input}
                    aria-label={t('listing.hours.specialKind', { n: index + 1 })}
                    value={special.when === 'PH' ? 'PH' : 'date'}
                    onChange={(event) =>
                      setSpecial(index, { ...special, when: event.target.value === 'PH' ? 'PH' : '12-25' })
                    }
                  >
                    <option value="PH">{t('listing.hours.publicHolidays')}</option>
                    <option value="date">{t('listing.hours.date')}</option>
                  </select>
                  {special.when !== 'PH' && (
                    <>
                      <select
                        className={formStyles.input}
                        aria-label={t('listing.hours.month', { n: index + 1 })}
                        value={date?.month ?? 12}
                        onChange={(event) =>
                          setSpecial(index, {
                            ...special,
                            when: `${event.target.value.padStart(2, '0')}-${String(date?.day ?? 1).padStart(2, '0')}`,
                          })
                        }
                      >
                        {months.map((month, i) => (
                          <option key={month} value={i + 1}>
                            {month}
                          </option>
                        ))}
                      </select>
                      <select
                        className={formStyles.input}
                        aria-label={t('listing.hours.dayOfMonth', { n: index + 1 })}
                        value={date?.day ?? Number(special.when.slice(3))}
                        onChange={(event) =>
                          setSpecial(index, {
                            ...special,
                            when: `${special.when.slice(0, 2)}-${event.target.value.padStart(2, '0')}`,
                          })
                        }
                      >
                        {Array.from({ length: 31 }, (_, i) => (
                          <option key={i} value={i + 1}>
                            {i + 1}
                          </option>
                        ))}
                      </select>
                    </>
                  )}
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={t('listing.hours.removeSpecial', { day: name })}
                    onClick={() => onSpecials(specials.filter((_, i) => i !== index))}
                  >
                    {t('listing.hours.remove')}
                  </Button>
                </div>
                <div className={styles.specialHours}>
                  <DayRanges
                    plan={special}
                    label={name}
                    onChange={(plan) => setSpecial(index, { ...special, ...plan })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {unfinishedSpecials.length > 0 && (
        <p className={formStyles.error} role="status">
          {t('listing.hours.specialUnfinished', {
            days: unfinishedSpecials.map((index) => specialName(specials[index]!)).join(', '),
          })}
        </p>
      )}
      <div className={styles.row}>
        <Button
          variant="secondary"
          size="small"
          onClick={() => onSpecials([...specials, { when: 'PH', closed: true, ranges: [emptyRange()] }])}
        >
          {t('listing.hours.addHolidays')}
        </Button>
        <Button
          variant="secondary"
          size="small"
          onClick={() => onSpecials([...specials, { when: '12-25', closed: true, ranges: [emptyRange()] }])}
        >
          {t('listing.hours.addDate')}
        </Button>
      </div>
    </div>
  );
}
