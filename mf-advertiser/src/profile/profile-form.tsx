import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AdvertiserProfile, CreateAdvertiserRequest } from '@laundry/contracts';
import { Button, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { campaignsKey, profileKey, useCampaigns } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { FormSection, SelectField, TextAreaField, TextField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { ApiRequestError } from '../domain/api-errors.ts';
import {
  billingCurrencies,
  browserLanguages,
  currencyName,
  defaultBillingCurrency,
} from '../domain/currency.ts';
import {
  advertiserIndustries,
  emptyProfileValues,
  profileUpdateOf,
  profileValuesFrom,
  validateProfileForm,
  type ProfileField,
  type ProfileFormValues,
} from '../domain/profile-form.ts';
import { fieldErrorsOf, messageText, type FieldErrors } from '../domain/validation-messages.ts';
import styles from '../components/form.module.css';

const fieldId = (mode: string, field: ProfileField) => `${mode}-profile-${field}`;

/**
 * The advertiser profile form (docs/product.md, Pages: Advertiser setup): Business Information, Contact
 * Information, Business Address and the billing currency, checked with the contract's rules (docs/product.md,
 * Validation). `create` sends POST /api/advertisers and goes to the dashboard; `edit` (the settings page)
 * sends PUT /api/advertisers/me and stays. The currency starts as the browser's region's (when it is one of
 * the six) and can change only while the account has no campaign: then the settings page shows it fixed.
 */
export function ProfileForm({ mode, profile }: { mode: 'create' | 'edit'; profile?: AdvertiserProfile }) {
  const { t, failure, locale } = useText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() =>
    profile ? profileValuesFrom(profile) : emptyProfileValues(defaultBillingCurrency(browserLanguages())),
  );
  // Budgets and bids are amounts of the currency, so it stays once a campaign exists; only the owner bills.
  const campaigns = useCampaigns(mode === 'edit');
  const notOwner = mode === 'edit' && profile?.role !== 'owner';
  const hasCampaigns = mode === 'edit' && (campaigns.data?.length ?? 0) > 0;
  const currencyHint = notOwner
    ? t('setup.currency.ownerHint')
    : hasCampaigns
      ? t('setup.currency.fixedHint')
      : t('setup.currency.hint');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const validation = useMemo(() => validateProfileForm(values), [values]);
  // Errors appear once a submit was tried, then follow every change; the server's stay until that field changes.
  const errors: FieldErrors = { ...serverErrors, ...(attempted && !validation.ok ? validation.errors : {}) };

  const submit = useMutation({
    mutationFn: (body: CreateAdvertiserRequest) =>
      mode === 'create'
        ? request<AdvertiserProfile>('POST', '/api/advertisers', body)
        : request<AdvertiserProfile>(
            'PUT',
            '/api/advertisers/me',
            profile ? profileUpdateOf(body, profile) : body,
          ),
    onSuccess: (saved) => {
      // docs/product.md, API calls: the current advertiser's data is refreshed.
      queryClient.setQueryData(profileKey, saved);
      void queryClient.invalidateQueries({ queryKey: profileKey });
      if (mode === 'create') {
        toast({ title: t('setup.success'), variant: 'success' });
        void navigate('/advertiser/dashboard');
      } else {
        toast({ title: t('settings.profile.saved'), variant: 'success' });
      }
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      if (error instanceof ApiRequestError) {
        setServerErrors(
          fieldErrorsOf(Object.entries(error.fieldErrors).map(([path, message]) => ({ path, message }))),
        );
        // 409: this user already has a profile; reading it again takes the setup page to the dashboard. On
        // the settings page, a campaign fixed the currency meanwhile: said under the currency.
        if (error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: profileKey });
          const message = error.serverMessage;
          if (mode === 'edit' && message) {
            void queryClient.invalidateQueries({ queryKey: campaignsKey });
            setServerErrors((current) => ({ ...current, billingCurrency: messageText(message) }));
          }
        }
      }
      toast({
        title: mode === 'create' ? t('setup.failed') : t('settings.profile.failed'),
        description: failure(error),
        variant: 'destructive',
      });
    },
  });

  const set = (field: ProfileField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!validation.ok) {
      const first = Object.keys(validation.errors)[0] as ProfileField | undefined;
      if (first) document.getElementById(fieldId(mode, first))?.focus();
      return;
    }
    submit.mutate(validation.request);
  };

  const common = (field: ProfileField) => ({
    id: fieldId(mode, field),
    label: t(`setup.fields.${field}`),
    value: values[field],
    onValue: set(field),
    error: errors[field],
  });

  const level = mode === 'create' ? 2 : 3;
  const industryOptions = [
    { value: '', label: t('setup.fields.industryPlaceholder') },
    ...advertiserIndustries.map((industry) => ({ value: industry, label: t(`industries.${industry}`) })),
  ];

  const submitLabel =
    mode === 'create'
      ? submit.isPending
        ? t('setup.submitting')
        : t('setup.submit')
      : submit.isPending
        ? t('settings.profile.saving')
        : t('settings.profile.save');

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('setup.formLabel')}>
      <FormSection level={level} id={`${mode}-business`} title={t('setup.sections.business')}>
        <div className={styles.grid}>
          <TextField
            {...common('businessName')}
            required
            input={{ placeholder: t('setup.fields.businessNamePlaceholder'), autoComplete: 'organization' }}
          />
          <SelectField {...common('industry')} options={industryOptions} />
          <TextAreaField
            {...common('description')}
            className={styles.wide}
            input={{ placeholder: t('setup.fields.descriptionPlaceholder') }}
          />
          <TextField
            {...common('website')}
            className={styles.wide}
            input={{ type: 'url', inputMode: 'url', placeholder: t('setup.fields.websitePlaceholder') }}
          />
        </div>
      </FormSection>

      <FormSection level={level} id={`${mode}-contact`} title={t('setup.sections.contact')}>
        <div className={styles.grid}>
          <TextField
            {...common('contactEmail')}
            required
            input={{
              type: 'email',
              autoComplete: 'email',
              placeholder: t('setup.fields.contactEmailPlaceholder'),
            }}
          />
          <TextField
            {...common('contactPhone')}
            input={{
              type: 'tel',
              autoComplete: 'tel',
              placeholder: t('setup.fields.contactPhonePlaceholder'),
            }}
          />
        </div>
      </FormSection>

      <FormSection level={level} id={`${mode}-address`} title={t('setup.sections.address')}>
        <TextAreaField
          {...common('businessAddress')}
          input={{
            rows: 2,
            autoComplete: 'street-address',
            placeholder: t('setup.fields.businessAddressPlaceholder'),
          }}
        />
      </FormSection>

      <FormSection level={level} id={`${mode}-billing`} title={t('setup.sections.billing')}>
        <SelectField
          {...common('billingCurrency')}
          options={billingCurrencies.map((currency) => ({
            value: currency,
            label: `${currencyName(currency, locale)} (${currency})`,
          }))}
          hint={currencyHint}
          input={{ disabled: notOwner || hasCampaigns }}
        />
      </FormSection>

      <div className={styles.actions}>
        {mode === 'create' && (
          <Button variant="secondary" onClick={() => void navigate('/advertiser/dashboard')}>
            {t('setup.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={submit.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
