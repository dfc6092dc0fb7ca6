import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  currencies,
  filterGroups,
  weekdays,
  type CreateLaundromatRequest,
  type LaundromatBooleanKey,
} from '@laundry/contracts';
import { Button, Card, toast } from '@laundry/ui';
import { mutateJson, serverMessage } from '../api/http-client.ts';
import { reversePlace } from '../api/reverse-geocode.ts';
import { captureLocation } from './capture-location.ts';
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

/** Spec §2/§5 add-laundromat form; validated with the contract's schema before it is sent. */
export function AddLaundromatForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('finder');
  const [values, setValues] = useState<AddFormValues>(initialAddFormValues);
  const [attempted, setAttempted] = useState(false);
  const validation = useMemo(() => validateAddForm(values), [values]);
  // Errors appear once a submit was tried, then follow every change.
  const errors = attempted && !validation.ok ? validation.errors : {};

  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (request: CreateLaundromatRequest) => mutateJson('POST', '/api/laundromats', request),
    onSuccess: () => {
      // Spec §7: the list is refetched after an addition.
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
    submit.mutate(validation.request);
  };

  const fillFromDevice = () =>
    captureLocation(t, (coords) => {
      setValues((current) => ({
        ...current,
        latitude: String(coords.latitude),
        longitude: String(coords.longitude),
      }));
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
        <div className={styles.grid}>
          {text('name', { placeholder: t('add.fields.namePlaceholder') })}
          {text('address', {
            placeholder: t('add.fields.addressPlaceholder'),
            autoComplete: 'street-address',
          })}
          {text('city')}
          {text('country')}
          {number('latitude', 'any')}
          {number('longitude', 'any')}
        </div>
        <Button variant="secondary" className={styles.locationButton} onClick={fillFromDevice}>
          {t('add.useMyLocation')}
        </Button>
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
              onChange={(event) => set('currency', event.target.value)}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {t(`common:currencies.${code}`)}
                </option>
              ))}
            </select>
          </div>
          {priceFields.map((field) => number(field, '0.01'))}
        </div>
        <fieldset className={styles.hours}>
          <legend>{t('add.fields.hours')}</legend>
          <p id="add-hours-hint" className={styles.hint}>
            {t('add.fields.hoursHint')}
          </p>
          <div className={styles.grid}>
            {weekdays.map((day) => (
              <FormField
                key={day}
                id={fieldId(`hours.${day}`)}
                label={t(`common:days.${day}`)}
                value={values.hours[day]}
                placeholder="09:00-21:00"
                onValue={(value) => set('hours', { ...values.hours, [day]: value })}
                errorKey={errors[`hours.${day}`]}
              />
            ))}
          </div>
        </fieldset>
      </Section>

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
