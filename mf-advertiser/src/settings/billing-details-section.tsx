import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingDetailsRequestSchema,
  languages,
  type BillingDetails,
  type BillingDetailsForm,
  type Language,
} from '@laundry/contracts';
import { Button, Skeleton, toast } from '@laundry/ui';
import { getJson, request } from '../api/http.ts';
import { SelectField, TextField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { countryOptions } from '../domain/countries.ts';
import { serverText } from '../domain/i18n-text.ts';
import { serverMessageOf } from '../domain/api-errors.ts';
import formStyles from '../components/form.module.css';
import styles from './settings.module.css';

export const billingDetailsKey = ['/api/billing/details'] as const;

type FormValues = Required<Omit<BillingDetailsForm, 'language'>> & { language: Language };

const emptyForm = (language: Language): FormValues => ({
  legalName: '',
  addressLine1: '',
  addressLine2: '',
  postalCode: '',
  city: '',
  country: '',
  taxId: '',
  language,
});

const languageNames: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
};

/**
 * Who the invoices are made out to: legal name, address, country, tax id (an EU VAT number is checked with
 * VIES when saved, its state shown beside it) and the invoices' language. Checked with the contract's schema
 * before it is sent; the server's answer (an unknown VAT number) is shown under the tax id.
 */
export function BillingDetailsSection() {
  const { t, locale } = useText();
  const client = useQueryClient();
  const uiLanguage = (languages as readonly string[]).includes(locale) ? (locale as Language) : 'en';
  const details = useQuery({
    queryKey: billingDetailsKey,
    queryFn: () => getJson<BillingDetails | null>(billingDetailsKey[0]),
  });
  const [edited, setEdited] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const saved = details.data;
  const form: FormValues = edited ?? (saved ? { ...saved } : emptyForm(uiLanguage));
  const set = (field: keyof FormValues) => (value: string) => setEdited({ ...form, [field]: value });

  const save = useMutation({
    mutationFn: (body: unknown) => request<BillingDetails>('PUT', billingDetailsKey[0], body),
    onSuccess: (answer) => {
      client.setQueryData(billingDetailsKey, answer);
      setEdited(null);
      setErrors({});
      toast({ title: t('settings.billingDetails.saved'), variant: 'success' });
    },
    onError: (error) => {
      setErrors({ taxId: serverMessageOf(error) ?? t('settings.billingDetails.failed') });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = billingDetailsRequestSchema.safeParse(form);
    if (!checked.success) {
      const found: Partial<Record<keyof FormValues, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof FormValues;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    save.mutate(form);
  };

  const status = saved?.taxId ? saved.taxIdStatus : null;
  const error = (field: keyof FormValues) => (errors[field] ? serverText(errors[field]) : undefined);
  return (
    <section id="billing-details" className={styles.group} aria-labelledby="settings-billing-details">
      <h2 id="settings-billing-details" className={styles.groupTitle}>
        {t('settings.billingDetails.title')}
      </h2>
      <p className={styles.groupText}>{t('settings.billingDetails.text')}</p>
      {details.isLoading ? (
        <Skeleton height="12rem" />
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate data-testid="billing-details-form">
          <TextField
            id="billing-legal-name"
            label={t('settings.billingDetails.legalName')}
            required
            value={form.legalName}
            onValue={set('legalName')}
            error={error('legalName')}
          />
          <TextField
            id="billing-address-1"
            label={t('settings.billingDetails.address1')}
            required
            value={form.addressLine1}
            onValue={set('addressLine1')}
            error={error('addressLine1')}
          />
          <TextField
            id="billing-address-2"
            label={t('settings.billingDetails.address2')}
            value={form.addressLine2}
            onValue={set('addressLine2')}
            error={error('addressLine2')}
          />
          <TextField
            id="billing-postal-code"
            label={t('settings.billingDetails.postalCode')}
            value={form.postalCode}
            onValue={set('postalCode')}
            error={error('postalCode')}
          />
          <TextField
            id="billing-city"
            label={t('settings.billingDetails.city')}
            required
            value={form.city}
            onValue={set('city')}
            error={error('city')}
          />
          <SelectField
            id="billing-country"
            label={t('settings.billingDetails.country')}
            required
            value={form.country}
            onValue={set('country')}
            error={error('country')}
            options={[
              { value: '', label: t('settings.billingDetails.chooseCountry'), disabled: true },
              ...countryOptions(locale).map((option) => ({ value: option.code, label: option.name })),
            ]}
          />
          <TextField
            id="billing-tax-id"
            label={t('settings.billingDetails.taxId')}
            hint={t('settings.billingDetails.taxIdHint')}
            value={form.taxId}
            onValue={set('taxId')}
            error={error('taxId')}
          />
          {status && status !== 'none' && (
            <p className={styles.groupText} data-testid="tax-id-status" data-status={status}>
              {t(`settings.billingDetails.status.${status}`)}
            </p>
          )}
          <SelectField
            id="billing-language"
            label={t('settings.billingDetails.language')}
            value={form.language}
            onValue={set('language')}
            options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
          />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {t('settings.billingDetails.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
