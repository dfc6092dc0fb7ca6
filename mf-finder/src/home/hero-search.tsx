import { type FormEvent, memo, useState } from 'react';
import { Button } from '@laundry/ui';
import { timing } from '@laundry/contracts';
import type { PlaceHints } from '../domain/place-hints.ts';
import { useText } from '../shared/use-text.ts';
import { PlaceCombobox } from './place-combobox.tsx';
import styles from './home.module.css';

const quickSearches = [
  ['newYork', 'New York'],
  ['losAngeles', 'Los Angeles'],
  ['london', 'London'],
  ['tokyo', 'Tokyo'],
] as const;

/** The hero search (docs/product.md, Pages), shown until a search is made. */
export const HeroSearch = memo(function HeroSearch({
  onSearch,
  isSearching,
  hints,
}: {
  onSearch: (q: string) => void;
  isSearching: boolean;
  hints: PlaceHints;
}) {
  const { t } = useText();
  const [value, setValue] = useState('');
  const [locating, setLocating] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== '') onSearch(value.trim());
  };

  const useLocation = () => {
    if (!('geolocation' in navigator)) {
      setAlert(t('messages.geolocation.heroUnsupported'));
      return;
    }
    setLocating(true);
    setAlert(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onSearch(`${position.coords.latitude},${position.coords.longitude}`);
      },
      () => {
        setLocating(false);
        setAlert(t('messages.geolocation.heroFailed'));
      },
      { enableHighAccuracy: true, timeout: timing.locationTimeoutMs, maximumAge: timing.locationMaxAgeMs },
    );
  };

  return (
    <section className={styles.hero}>
      <h1 className={styles.heroTitle}>{t('hero.title')}</h1>
      <p className={styles.heroTagline}>{t('hero.tagline')}</p>
      <form className={styles.heroForm} onSubmit={submit} role="search">
        <PlaceCombobox
          className={styles.heroInput}
          value={value}
          onChange={setValue}
          onPick={(query) => {
            setValue(query);
            onSearch(query);
          }}
          hints={hints}
          placeholder={t('hero.placeholder')}
          label={t('hero.inputLabel')}
        />
        <Button type="submit" disabled={value.trim() === '' || isSearching}>
          {isSearching ? t('hero.searching') : t('hero.search')}
        </Button>
      </form>
      <Button variant="ghost" size="small" onClick={useLocation} disabled={locating}>
        {locating ? t('hero.gettingLocation') : t('hero.useLocation')}
      </Button>
      {alert && (
        <p className={styles.alertRed} role="alert">
          {alert}
        </p>
      )}
      <div className={styles.quickSearches} aria-label={t('hero.popular')} role="group">
        {quickSearches.map(([key, query]) => (
          <Button key={key} variant="secondary" size="small" onClick={() => onSearch(query)}>
            {t(`hero.cities.${key}`)}
          </Button>
        ))}
      </div>
    </section>
  );
});
