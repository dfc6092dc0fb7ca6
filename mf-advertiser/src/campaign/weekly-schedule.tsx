import { useMemo } from 'react';
import { SelectField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import type { ScheduleFormValues } from '../domain/campaign-extras.ts';
import type { FieldErrors } from '../domain/validation-messages.ts';
import formStyles from '../components/form.module.css';
import styles from './creatives.module.css';

/** The zones the browser knows, with the chosen one first if it is not among them. */
function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', current];
  return known.includes(current) ? known : [current, ...known];
}

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The weekly schedule: off (every hour of every day), or the days and the hours of each in a time zone.
 * Monday first in the list, as most weeks are read; the API numbers days from Sunday (0).
 */
export function WeeklySchedule({
  value,
  onChange,
  errors,
}: {
  value: ScheduleFormValues;
  onChange: (schedule: ScheduleFormValues) => void;
  errors: FieldErrors;
}) {
  const { t, text, locale } = useText();
  const dayNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 2026-11-29 was a Sunday: day d of the API is that date plus d days.
    return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2026, 10, 29 + day))));
  }, [locale]);
  const zones = useMemo(() => timeZones(value.timeZone), [value.timeZone]);
  const set = (patch: Partial<ScheduleFormValues>) => onChange({ ...value, ...patch });
  const daysError = errors['schedule.days'];
  return (
    <div data-testid="weekly-schedule">
      <label className={styles.toggle}>
        <input
          type="checkbox"
          id="campaign-schedule-on"
          checked={value.on}
          onChange={(event) => set({ on: event.target.checked })}
        />
        {t('campaign.weekly.on')}
      </label>
      <p className={formStyles.hint}>{t('campaign.weekly.text')}</p>
      {value.on && (
        <>
          <fieldset
            className={styles.days}
            aria-describedby={daysError ? 'campaign-schedule-days-error' : undefined}
          >
            <legend className={styles.creativeTitle}>{t('campaign.weekly.days')}</legend>
            {[1, 2, 3, 4, 5, 6, 0].map((day) => (
              <label key={day} className={styles.day}>
                <input
                  type="checkbox"
                  id={day === 1 ? 'campaign-schedule' : undefined}
                  checked={value.days.includes(day)}
                  onChange={(event) =>
                    set({
                      days: event.target.checked
                        ? [...value.days, day].sort((a, b) => a - b)
                        : value.days.filter((d) => d !== day),
                    })
                  }
                />
                {dayNames[day]}
              </label>
            ))}
          </fieldset>
          {daysError && (
            <p id="campaign-schedule-days-error" className={styles.error}>
              {text(daysError)}
            </p>
          )}
          <div className={formStyles.grid}>
            <SelectField
              id="campaign-schedule-from"
              label={t('campaign.weekly.from')}
              value={String(value.fromHour)}
              onValue={(hour) => set({ fromHour: Number(hour) })}
              error={errors['schedule.fromHour']}
              options={Array.from({ length: 24 }, (_, hour) => ({
                value: String(hour),
                label: hourText(hour),
              }))}
            />
            <SelectField
              id="campaign-schedule-to"
              label={t('campaign.weekly.to')}
              value={String(value.toHour)}
              onValue={(hour) => set({ toHour: Number(hour) })}
              error={errors['schedule.toHour']}
              options={Array.from({ length: 24 }, (_, i) => ({
                value: String(i + 1),
                label: hourText(i + 1),
              }))}
            />
            <SelectField
              id="campaign-schedule-zone"
              label={t('campaign.weekly.timeZone')}
              value={value.timeZone}
              onValue={(timeZone) => set({ timeZone })}
              error={errors['schedule.timeZone']}
              options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
            />
          </div>
        </>
      )}
    </div>
  );
}
