import { useId, useState } from 'react';
import { useText } from '../components/use-text.ts';
import {
  customRangeProblem,
  customRangeProblemKeys,
  hourlyAllowed,
  maxHourlyDays,
  rangeDates,
  rangePresets,
  type AnalyticsRange,
  type Granularity,
} from '../domain/analytics.ts';
import styles from './analytics.module.css';

/**
 * The report's window (last 7, 30 or 90 days, or two dates) and its step (days, or hours for at most 31
 * days), as radio groups. A custom window is applied as soon as both dates make one the service takes.
 */
export function RangeControls({
  range,
  granularity,
  now,
  onChange,
}: {
  range: AnalyticsRange;
  granularity: Granularity;
  now: Date;
  onChange: (range: AnalyticsRange, granularity: Granularity) => void;
}) {
  const { t, text } = useText();
  const id = useId();
  const [draft, setDraft] = useState(() => rangeDates(range, now));
  const draftProblem = customRangeProblem(draft.from, draft.to);
  const hourly = hourlyAllowed(range, now);

  const chooseKind = (kind: AnalyticsRange['kind']) => {
    if (kind === 'custom') {
      const dates = rangeDates(range, now);
      setDraft(dates);
      onChange({ kind: 'custom', ...dates }, granularity);
    } else onChange({ kind }, granularity);
  };
  const changeDate = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (customRangeProblem(next.from, next.to) === null) onChange({ kind: 'custom', ...next }, granularity);
  };

  return (
    <div className={styles.controls} data-testid="analytics-controls">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('analytics.range.label')}</legend>
        <div className={`${styles.segmented} ${styles.rangeSegments}`}>
          {[...rangePresets, 'custom' as const].map((kind) => (
            <label key={kind} className={styles.segment}>
              <input
                type="radio"
                name={`${id}-range`}
                value={kind}
                checked={range.kind === kind}
                onChange={() => chooseKind(kind)}
              />
              <span>{t(`analytics.range.${kind}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {range.kind === 'custom' && (
        <div className={styles.customDates}>
          <label className={styles.dateField}>
            {t('analytics.range.from')}
            <input
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => changeDate('from', event.target.value)}
              aria-invalid={draftProblem !== null}
            />
          </label>
          <label className={styles.dateField}>
            {t('analytics.range.to')}
            <input
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => changeDate('to', event.target.value)}
              aria-invalid={draftProblem !== null}
            />
          </label>
          {draftProblem && (
            <p className={styles.problem} role="alert">
              {text({ key: customRangeProblemKeys[draftProblem] })}
            </p>
          )}
        </div>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('analytics.granularity.label')}</legend>
        <div className={styles.segmented}>
          {(['day', 'hour'] as const).map((step) => (
            <label key={step} className={styles.segment}>
              <input
                type="radio"
                name={`${id}-granularity`}
                value={step}
                checked={(hourly ? granularity : 'day') === step}
                disabled={step === 'hour' && !hourly}
                aria-describedby={step === 'hour' && !hourly ? `${id}-hourly` : undefined}
                onChange={() => onChange(range, step)}
              />
              <span>{t(`analytics.granularity.${step}`)}</span>
            </label>
          ))}
        </div>
        {!hourly && (
          <p id={`${id}-hourly`} className={styles.hint}>
            {t('analytics.granularity.hourLimit', { days: maxHourlyDays })}
          </p>
        )}
      </fieldset>
    </div>
  );
}
