import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useText } from '../components/use-text.ts';
import { addCountry, countryOptions, matchCountries } from '../domain/countries.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import formStyles from '../components/form.module.css';
import styles from './campaign.module.css';

/**
 * Countries by ISO code, named in the page's language (Intl.DisplayNames): type to find one (a name or a
 * code), choose it with Enter or a click; each chosen country is a chip that removes it. None is every country.
 */
export function CountryPicker({
  value,
  onChange,
  errors,
}: {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  errors: { path: string; text: I18nText }[];
}) {
  const { t, text, locale } = useText();
  const id = useId();
  const inputId = 'campaign-targetCountries';
  const listId = `${id}-options`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const options = useMemo(() => countryOptions(locale), [locale]);
  const names = useMemo(() => new Map(options.map((option) => [option.code, option.name])), [options]);
  const matches = useMemo(() => matchCountries(options, query, value), [options, query, value]);
  // The list shows while the box has focus (choosing an option keeps it: its mousedown is prevented).
  const open = focused && matches.length > 0;

  const choose = (code: string) => {
    onChange(addCountry(value, code));
    setQuery('');
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && open) {
      event.preventDefault();
      setActive((index) => (index + 1) % matches.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActive((index) => (index - 1 + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      // Enter chooses; it never submits the campaign from here.
      event.preventDefault();
      const match = matches[active] ?? matches[0];
      if (match) choose(match.code);
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    } else if (event.key === 'Backspace' && query === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={formStyles.field}>
      <label htmlFor={inputId} className={formStyles.label}>
        {t('targeting.countries.label')}
      </label>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label={t('targeting.countries.chosen')}>
          {value.map((code) => (
            <li key={code} className={styles.chip}>
              <span>
                {names.get(code) ?? code} <span className={styles.chipCode}>{code}</span>
              </span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('targeting.remove', { name: names.get(code) ?? code })}
                onClick={() => onChange(value.filter((item) => item !== code))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.combo}>
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? `${listId}-${matches[active]?.code ?? ''}` : undefined}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={[hintId, errors.length > 0 ? errorId : null].filter(Boolean).join(' ')}
          placeholder={t('targeting.countries.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className={formStyles.input}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('targeting.countries.label')}
          className={styles.options}
          hidden={!open}
        >
          {matches.map((option, index) => (
            <li
              key={option.code}
              id={`${listId}-${option.code}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option.code)}
            >
              {option.name} <span className={styles.chipCode}>{option.code}</span>
            </li>
          ))}
        </ul>
      </div>
      <span id={hintId} className={formStyles.hint}>
        {t('targeting.countries.hint')}
      </span>
      {errors.length > 0 && (
        <span id={errorId} className={formStyles.error}>
          {errors.map((error) => text(error.text)).join(' ')}
        </span>
      )}
    </div>
  );
}
