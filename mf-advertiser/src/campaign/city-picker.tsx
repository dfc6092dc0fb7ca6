import { useState, type KeyboardEvent } from 'react';
import { Button } from '@laundry/ui';
import { useText } from '../components/use-text.ts';
import { addCity } from '../domain/campaign-form.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import formStyles from '../components/form.module.css';
import styles from './campaign.module.css';

/**
 * Cities as typed ('Paris' or 'Paris, FR'), each a chip. The ad service looks each up in its gazetteer and
 * refuses one it does not know, often with a suggestion: that message shows under the field, and the chip
 * it is about is marked.
 */
export function CityPicker({
  value,
  onChange,
  errors,
}: {
  value: readonly string[];
  onChange: (cities: string[]) => void;
  errors: { path: string; text: I18nText }[];
}) {
  const { t, text } = useText();
  const [typed, setTyped] = useState('');
  const inputId = 'campaign-targetCities';
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const refused = new Set(errors.map((error) => error.path));

  const add = () => {
    onChange(addCity(value, typed));
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the city; it never submits the campaign from here.
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && typed === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={formStyles.field}>
      <label htmlFor={inputId} className={formStyles.label}>
        {t('targeting.cities.label')}
      </label>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label={t('targeting.cities.chosen')}>
          {value.map((city, index) => (
            <li
              key={city}
              className={styles.chip}
              data-refused={refused.has(`targetCities.${index}`) || undefined}
            >
              <span>{city}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('targeting.remove', { name: city })}
                onClick={() => onChange(value.filter((item) => item !== city))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.addRow}>
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          placeholder={t('targeting.cities.placeholder')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={[hintId, errors.length > 0 ? errorId : null].filter(Boolean).join(' ')}
          className={formStyles.input}
        />
        <Button variant="secondary" onClick={add} disabled={typed.trim() === ''}>
          {t('targeting.cities.add')}
        </Button>
      </div>
      <span id={hintId} className={formStyles.hint}>
        {t('targeting.cities.hint')}
      </span>
      {errors.length > 0 && (
        <span id={errorId} className={formStyles.error} data-testid="city-error">
          {errors.map((error) => text(error.text)).join(' ')}
        </span>
      )}
    </div>
  );
}
