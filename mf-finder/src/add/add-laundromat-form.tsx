import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  filterGroups,
  type CreateLaundromatRequest,
  type GeocodeResult,
  type LaundromatBooleanKey,
} from '@laundry/contracts';
import { Button, Card, toast } from '@laundry/ui';
import { mutateJson, serverMessage } from '../api/http-client.ts';
import { reversePlace } from '../api/reverse-geocode.ts';
import { currencyForCountry, currencyOptions } from '../domain/currency-choice.ts';
import { formatDistance } from '../domain/distance-display.ts';
import type { Coordinates } from '../domain/geo-distance.ts';
import { captureLocation } from './capture-location.ts';
import { HoursEditor } from './hours-editor.tsx';
import { NearbyDuplicates } from './nearby-duplicates.tsx';
import { coordinateText, findAddress, pinDistanceFromAddress, pinOf } from './place-search.ts';
import {
  incompleteDays,
  initialWeeklyHours,
  toOpeningHours,
  type WeeklyHours,
} from '@laundry/ui/weekly-hours';
import { CheckboxField, FormField } from './form-field.tsx';
import {
  countFields,
  initialAddFormValues,
  priceFields,
  validateAddForm,
  withPlace,
  type AddFormValues,
} from './add-form-values.ts';
import styles from './add.module.css';

// MapLibre comes with the map, after the form is on screen; the first page never carries it.
const PinMap = lazy(() => import(/* webpackChunkName: "add-pin-map" */ './pin-map.tsx'));

const serviceKeys = ['isWashAndFold', 'isDryCleaning', 'isSelfService'] as const;
const amenityKeys = filterGroups.amenities.filter((key) => !(serviceKeys as readonly string[]).includes(key));

const fieldId = (field: string) => `add-${field.replace('.', '-')}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className={styles.section}>
      <section aria-labelledby={id}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/**
 * The add-laundromat form (docs/product.md, Pages and Validation); checked with the contract's schema before
 * it is sent.
 */
export function AddLaundromatForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('finder');
  const locale = i18n.language;
  const [values, setValues] = useState<AddFormValues>(initialAddFormValues);
  // The currency follows the country typed or found (a laundromat in France prices in euros) until the
  // person picks one themselves.
  const [currencyPicked, setCurrencyPicked] = useState(false);
  const currencyChoices = useMemo(() => currencyOptions(locale), [locale]);
  useEffect(() => {
    if (currencyPicked) return;
    const currency = currencyForCountry(values.country, locale);
    if (currency)
      setValues((current) => (current.currency === currency ? current : { ...current, currency }));
  }, [values.country, locale, currencyPicked]);
  const [attempted, setAttempted] = useState(false);
  const validation = useMemo(() => validateAddForm(values), [values]);
  // Errors appear once a submit was tried, then follow every change.
  const errors = attempted && !validation.ok ? validation.errors : {};

  const pin = useMemo(() => pinOf(values.latitude, values.longitude), [values.latitude, values.longitude]);
  const [search, setSearch] = useState('');
  const [searchState, setSearchState] = useState<'idle' | 'searching' | 'notFound' | 'failed'>('idle');
  /** The address searched and where the geocoder put it: the pin is checked against it. */
  const [searched, setSearched] = useState<{ query: string; place: GeocodeResult } | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const farMeters = pinDistanceFromAddress(
    pin,
    searched ? { latitude: searched.place.latitude, longitude: searched.place.longitude } : null,
  );
  /** The pin the person confirmed is right although far from the address (a new pin asks again). */
  const [confirmedFar, setConfirmedFar] = useState<string | null>(null);
  const pinKey = pin ? `${pin.latitude},${pin.longitude}` : null;
  const farUnconfirmed = farMeters !== null && confirmedFar !== pinKey;
  const [weekly, setWeekly] = useState<WeeklyHours>(initialWeeklyHours);
  const hoursUnfinished = incompleteDays(weekly).length > 0;

  const setPin = (at: Coordinates) =>
    setValues((current) => ({
      ...current,
      latitude: coordinateText(at.latitude),
      longitude: coordinateText(at.longitude),
    }));

  // The country is the pin's: each time the pin settles somewhere, the place there names it (and the city,
  // when that box is still empty); the currency follows the country.
  const [pinCountry, setPinCountry] = useState<string | null>(null);
  const lastAsked = useRef<string | null>(null);
  useEffect(() => {
    if (!pin || pinKey === lastAsked.current) return;
    const timer = setTimeout(() => {
      lastAsked.current = pinKey;
      void reversePlace(pin.latitude, pin.longitude).then((place) => {
        const country = place?.country?.trim();
        if (!country) return;
        setPinCountry(country);
        setValues((current) => ({
          ...withPlace(current, { city: place?.city, country: null, street: null }),
          country,
        }));
      });
    }, 500);
    return () => clearTimeout(timer);
  }, [pin, pinKey]);

  const searchAddress = async () => {
    const query = search.trim();
    if (query === '') return;
    setSearchState('searching');
    try {
      const place = await findAddress(query);
      if (!place) {
        setSearchState('notFound');
        return;
      }
      setSearchState('idle');
      setSearched({ query, place });
      setPin(place);
      setFocusKey((key) => key + 1);
      // What the geocoder knows fills the boxes still empty; a place without a street keeps what was typed.
      setValues((current) => {
        const filled = withPlace(current, place);
        return filled.address.trim() === '' ? { ...filled, address: query } : filled;
      });
    } catch {
      setSearchState('failed');
    }
  };

  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (request: CreateLaundromatRequest) => mutateJson('POST', '/api/laundromats', request),
    onSuccess: () => {
      // docs/product.md, API calls: the list is refetched after an addition.
      void queryClient.invalidateQueries({ queryKey: ['/api/laundromats'] });
      toast({
        title: t('messages.addLaundromat.successTitle'),
        description: t('messages.addLaundromat.successText'),
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => {
      toast({
        title: t('messages.addLaundromat.errorTitle'),
        description: serverMessage(error) ?? t('messages.addLaundromat.failed'),
        variant: 'destructive',
      });
    },
  });

  const set = <K extends keyof AddFormValues>(key: K, value: AddFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!validation.ok) {
      const first = Object.keys(validation.errors)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    if (farUnconfirmed) {
      document.getElementById('add-far-confirm')?.focus();
      return;
    }
    if (hoursUnfinished) {
      document.getElementById('add-hours-always')?.focus();
      return;
    }
    submit.mutate(validation.request);
  };

  const onWeekly = (next: WeeklyHours) => {
    setWeekly(next);
    set('openingHours', toOpeningHours(next));
  };

  const fillFromDevice = () =>
    captureLocation(t, (coords) => {
      setValues((current) => ({
        ...current,
        latitude: String(coords.latitude),
        longitude: String(coords.longitude),
      }));
      setFocusKey((key) => key + 1);
      // The place around the point fills the boxes still empty when its answer arrives (typing meanwhile wins).
      void reversePlace(coords.latitude, coords.longitude).then((place) =>
        setValues((current) => withPlace(current, place)),
      );
    });

  const text = (field: 'name' | 'address' | 'city' | 'country' | 'phone' | 'website', extra = {}) => (
    <FormField
      id={fieldId(field)}
      label={t(`add.fields.${field}`)}
      value={values[field]}
      onValue={(value) => set(field, value)}
      errorKey={errors[field]}
      {...extra}
    />
  );
  const number = (
    field: 'latitude' | 'longitude' | (typeof countFields)[number] | (typeof priceFields)[number],
    step: string,
  ) => (
    <FormField
      id={fieldId(field)}
      label={t(`add.fields.${field}`)}
      type="number"
      inputMode="decimal"
      step={step}
      value={values[field]}
      onValue={(value) => set(field, value)}
      errorKey={errors[field]}
    />
  );
  const checkboxes = (keys: readonly LaundromatBooleanKey[]) => (
    <div className={styles.checkboxGrid}>
      {keys.map((key) => (
        <CheckboxField
          key={key}
          id={fieldId(key)}
          label={t(`amenities.${key}`)}
          checked={values[key]}
          onChecked={(checked) => set(key, checked)}
        />
      ))}
    </div>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Section id="add-basic" title={t('add.sections.basic')}>
        <div className={styles.grid}>{text('name', { placeholder: t('add.fields.namePlaceholder') })}</div>
        <div className={styles.placeSearch}>
          <label htmlFor="add-search">{t('add.place.search')}</label>
          <div className={styles.placeSearchRow}>
            <input
              id="add-search"
              type="search"
              className={styles.input}
              value={search}
              placeholder={t('add.place.searchPlaceholder')}
              aria-describedby="add-search-status"
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                // Enter searches here; it must not send the half-filled form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void searchAddress();
                }
              }}
            />
            <Button
              variant="secondary"
              onClick={() => void searchAddress()}
              disabled={searchState === 'searching'}
            >
              {searchState === 'searching' ? t('add.place.searching') : t('add.place.searchButton')}
            </Button>
          </div>
          <p
            id="add-search-status"
            className={searchState === 'idle' ? styles.hint : styles.error}
            role="status"
          >
            {searchState === 'notFound' && t('add.place.notFound')}
            {searchState === 'failed' && t('add.place.searchFailed')}
            {searchState === 'idle' &&
              (searched
                ? t('add.place.found', { place: searched.place.displayName })
                : t('add.place.mapHint'))}
          </p>
        </div>
        <Suspense
          fallback={
            <p className={styles.pinMapStatus} role="status">
              {t('add.place.mapLoading')}
            </p>
          }
        >
          <PinMap pin={pin} focusKey={focusKey} onPin={setPin} />
        </Suspense>
        <div className={styles.grid}>
          {number('latitude', 'any')}
          {number('longitude', 'any')}
        </div>
        {farMeters !== null && searched && (
          <div className={styles.farWarning} role="alert" data-testid="far-warning">
            <p>
              <strong>{t('add.place.farTitle', { distance: formatDistance(farMeters, locale) })}</strong>{' '}
              {t('add.place.farText', { address: searched.query })}
            </p>
            <label className={styles.checkbox} htmlFor="add-far-confirm">
              <input
                id="add-far-confirm"
                type="checkbox"
                checked={confirmedFar === pinKey}
                aria-invalid={attempted && farUnconfirmed ? true : undefined}
                onChange={(event) => setConfirmedFar(event.target.checked ? pinKey : null)}
              />
              {t('add.place.farConfirm')}
            </label>
            {attempted && farUnconfirmed && <p className={styles.error}>{t('add.place.farRequired')}</p>}
          </div>
        )}
        <Button variant="secondary" className={styles.locationButton} onClick={fillFromDevice}>
          {t('add.useMyLocation')}
        </Button>
        <div className={styles.grid}>
          {text('address', {
            placeholder: t('add.fields.addressPlaceholder'),
            autoComplete: 'street-address',
          })}
          {text('city')}
          {text('country', pinCountry ? { hint: t('add.place.countryFromPin') } : {})}
        </div>
        <div className={styles.grid}>
          {text('phone', { type: 'tel' })}
          {text('website', { type: 'url', placeholder: t('add.fields.websitePlaceholder') })}
        </div>
      </Section>

      <Section id="add-services" title={t('add.sections.services')}>
        {checkboxes(serviceKeys)}
        <div className={styles.grid}>{countFields.map((field) => number(field, '1'))}</div>
      </Section>

      <Section id="add-payment" title={t('add.sections.payment')}>
        {checkboxes(filterGroups.paymentMethods)}
      </Section>

      <Section id="add-amenities" title={t('add.sections.amenities')}>
        {checkboxes(amenityKeys)}
      </Section>

      <Section id="add-safety" title={t('add.sections.safety')}>
        {checkboxes(filterGroups.safety)}
      </Section>

      <Section id="add-additional" title={t('add.sections.additional')}>
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor={fieldId('currency')}>{t('add.fields.currency')}</label>
            <select
              id={fieldId('currency')}
              className={styles.input}
              value={values.currency}
              onChange={(event) => {
                setCurrencyPicked(true);
                set('currency', event.target.value);
              }}
            >
              <optgroup label={t('add.fields.currencyCommon')}>
                {currencyChoices.common.map(({ code }) => (
                  <option key={code} value={code}>
                    {t(`common:currencies.${code}`)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('add.fields.currencyOthers')}>
                {currencyChoices.others.map(({ code, label }) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          {priceFields.map((field) => number(field, '0.01'))}
        </div>
        <fieldset className={styles.hours}>
          <legend>{t('add.fields.hours')}</legend>
          <HoursEditor value={weekly} onChange={onWeekly} />
          <FormField
            id={fieldId('openingHours')}
            label={t('add.fields.openingHours')}
            value={values.openingHours}
            placeholder="Mo-Fr 08:00-20:00; Sa 09:00-18:00; PH off"
            onValue={(value) => set('openingHours', value)}
            errorKey={errors.openingHours}
            hint={t('add.hoursEditor.advancedHint')}
          />
        </fieldset>
      </Section>

      <NearbyDuplicates pin={pin} name={values.name} />

      <div className={styles.actions}>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? t('add.submitting') : t('add.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('add.cancel')}
        </Button>
      </div>
    </form>
  );
}
