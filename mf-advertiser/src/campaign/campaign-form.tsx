import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  type AdvertiserProfile,
  type Campaign,
  type CreateCampaignRequest,
  type UpdateCampaignRequest,
} from '@laundry/contracts';
import { Button, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { campaignKey, refreshCampaigns } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { FormSection, SelectField, TextAreaField, TextField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { ApiRequestError } from '../domain/api-errors.ts';
import {
  areaFields,
  campaignStatuses,
  errorsUnder,
  validateCampaignEdit,
  validateNewCampaign,
  type CampaignFormValues,
} from '../domain/campaign-form.ts';
import { billingCurrencyOf, currencySign, moneyInputsOf } from '../domain/currency.ts';
import { formatMoney } from '../domain/formats.ts';
import { fieldErrorsOf, type FieldErrors } from '../domain/validation-messages.ts';
import { AdPreview } from './ad-preview.tsx';
import { PriceLine } from './price-line.tsx';
import { ReachEstimatePanel } from './reach-estimate.tsx';
import { weeklyHoursOf } from '../domain/campaign-extras.ts';
import { AreaPicker } from './area-picker.tsx';
import { CityPicker } from './city-picker.tsx';
import { CountryPicker } from './country-picker.tsx';
import { TargetingNotes } from './targeting-notes.tsx';
import { ImageUpload } from './image-upload.tsx';
import { CreativesEditor } from './creatives-editor.tsx';
import { WeeklySchedule } from './weekly-schedule.tsx';
import creativeStyles from './creatives.module.css';
import formStyles from '../components/form.module.css';
import styles from './campaign.module.css';

type TextKey = 'title' | 'description' | 'targetUrl';
type MoneyKey = 'totalBudget' | 'dailyBudget' | 'costPerClick';

/** The input each field's errors lead to, for focusing the first one after a refused submit. */
function inputIdOf(path: string): string {
  const field = path.split('.')[0] ?? path;
  if ((areaFields as readonly string[]).includes(field)) return 'campaign-latitude';
  // A creative's field ('creatives.1.title'), or the schedule's ('schedule.toHour').
  if (field === 'creatives' && path !== field) return `campaign-${path.split('.').join('-')}`;
  const scheduleIds: Record<string, string> = { fromHour: 'from', toHour: 'to', timeZone: 'zone' };
  if (field === 'schedule')
    return `campaign-schedule${path === 'schedule.days' ? '' : `-${scheduleIds[path.split('.')[1] ?? ''] ?? 'on'}`}`;
  return `campaign-${field}`;
}

export type CampaignFormMode =
  | { kind: 'create' }
  | {
      kind: 'edit';
      campaign: Campaign;
      /** Saving is refused (the campaign ended, or the server said no): Save and every field are disabled. */
      locked: boolean;
      onLocked: (message: string | null) => void;
      statusPanel: ReactNode;
    };

/**
 * Create campaign (docs/product.md, Pages) and its edit page: Campaign Details, Budget & Pricing, Targeting,
 * Schedule and, when creating, Campaign Status; beside it the live preview of the ad in each slot. Checked
 * with the contract's rules (docs/product.md, Validation; minimums and defaults in Constants); the server's
 * refusals show under their fields.
 */
export function CampaignForm({
  mode,
  initial,
  profile,
}: {
  mode: CampaignFormMode;
  initial: CampaignFormValues;
  profile: AdvertiserProfile;
}) {
  const { t, failure, locale } = useText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CampaignFormValues>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const creating = mode.kind === 'create';
  // Budgets and bids are in the advertiser's billing currency, with its minimums and decimals.
  const currency = billingCurrencyOf(profile);
  const validation = useMemo(
    () => (creating ? validateNewCampaign(values, currency) : validateCampaignEdit(values, currency)),
    [values, creating, currency],
  );
  const errors: FieldErrors = { ...serverErrors, ...(attempted && !validation.ok ? validation.errors : {}) };

  const save = useMutation({
    mutationFn: (body: CreateCampaignRequest | UpdateCampaignRequest) =>
      mode.kind === 'create'
        ? request<Campaign>('POST', '/api/campaigns', body)
        : request<Campaign>('PUT', `/api/campaigns/${encodeURIComponent(mode.campaign.id)}`, body),
    onSuccess: (saved) => {
      refreshCampaigns(queryClient, saved.id);
      queryClient.setQueryData(campaignKey(saved.id), saved);
      if (mode.kind === 'create') {
        toast({ title: t('campaign.success'), variant: 'success' });
      } else {
        toast({
          title: t('campaign.updated'),
          description:
            saved.pendingChange?.status === 'pending'
              ? t('campaign.updatedChangeInReview')
              : saved.moderationStatus === 'pending'
                ? t('campaign.updatedPending')
                : undefined,
          variant: 'success',
        });
      }
      void navigate('/advertiser/dashboard');
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      if (error instanceof ApiRequestError) {
        const fieldErrors = Object.entries(error.fieldErrors);
        setServerErrors(fieldErrorsOf(fieldErrors.map(([path, message]) => ({ path, message }))));
        const first = fieldErrors[0]?.[0];
        if (first) document.getElementById(inputIdOf(first))?.focus();
        if (mode.kind === 'edit' && error.status === 409) mode.onLocked(error.serverMessage);
      }
      toast({
        title: mode.kind === 'create' ? t('campaign.failed') : t('campaign.updateFailed'),
        description: failure(error),
        variant: 'destructive',
      });
    },
  });

  const clearServerErrors = (field: string) =>
    setServerErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([path]) => {
          const head = path.split('.')[0] ?? path;
          if ((areaFields as readonly string[]).includes(field))
            return !(areaFields as readonly string[]).includes(head);
          return head !== field;
        }),
      ),
    );

  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearServerErrors(key === 'area' ? 'radiusKm' : key);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!validation.ok) {
      const first = Object.keys(validation.errors)[0];
      if (first) document.getElementById(inputIdOf(first))?.focus();
      return;
    }
    save.mutate(validation.request);
  };

  const textField = (
    key: TextKey,
    extra: { required?: boolean; type?: string; placeholder?: string; wide?: boolean },
  ) => (
    <TextField
      id={`campaign-${key}`}
      label={t(`campaign.fields.${key}`)}
      value={values[key]}
      onValue={(value) => set(key, value)}
      error={errors[key]}
      required={extra.required}
      className={extra.wide ? formStyles.wide : undefined}
      input={{
        type: extra.type ?? 'text',
        ...(extra.type === 'url' ? { inputMode: 'url' as const } : {}),
        placeholder: extra.placeholder,
      }}
    />
  );

  const moneyInputs = moneyInputsOf(currency);
  const sign = currencySign(currency, locale);
  // The currency's sign is in each money field's label: 'Total budget (¥)'.
  const moneyField = (key: MoneyKey, hint?: string) => (
    <TextField
      id={`campaign-${key}`}
      label={t(`campaign.fields.${key}`, { currency: sign })}
      value={values[key]}
      onValue={(value) => set(key, value)}
      error={errors[key]}
      hint={hint}
      required
      input={{
        type: 'number',
        inputMode: moneyInputs[key].step === '1' ? 'numeric' : 'decimal',
        ...moneyInputs[key],
      }}
    />
  );

  const verified = profile.isVerified || profile.verificationStatus === 'verified';
  const locked = mode.kind === 'edit' && mode.locked;
  const submitLabel = creating
    ? save.isPending
      ? t('campaign.submitting')
      : t('campaign.submit')
    : save.isPending
      ? t('campaign.saving')
      : t('campaign.save');

  return (
    <form
      className={styles.layout}
      onSubmit={onSubmit}
      noValidate
      aria-label={t(creating ? 'campaign.createTitle' : 'campaign.editTitle')}
    >
      {/* While Save is off (saving, or a refused or ended campaign), no field can be changed either. */}
      <fieldset className={styles.fields} disabled={locked || save.isPending} data-testid="campaign-fields">
        <FormSection id="campaign-details" title={t('campaign.sections.details')} className={styles.main}>
          <div className={formStyles.grid}>
            {textField('title', {
              required: true,
              placeholder: t('campaign.fields.titlePlaceholder'),
              wide: true,
            })}
            <TextAreaField
              id="campaign-description"
              label={t('campaign.fields.description')}
              value={values.description}
              onValue={(value) => set('description', value)}
              error={errors.description}
              className={formStyles.wide}
              input={{ placeholder: t('campaign.fields.descriptionPlaceholder') }}
            />
            <ImageUpload
              id="campaign-imageUrl"
              value={values.imageUrl}
              onValue={(imageUrl) => set('imageUrl', imageUrl)}
              error={errors.imageUrl}
            />
            {textField('targetUrl', {
              type: 'url',
              required: true,
              placeholder: t('campaign.fields.targetUrlPlaceholder'),
            })}
          </div>
        </FormSection>

        <aside className={styles.side}>
          <AdPreview ad={values} />
        </aside>

        <FormSection
          id="campaign-creatives-section"
          title={t('campaign.creatives.title')}
          className={styles.main}
        >
          <CreativesEditor
            value={values.creatives}
            onChange={(list) => set('creatives', list)}
            errors={errors}
          />
        </FormSection>

        <FormSection id="campaign-budget" title={t('campaign.sections.budget')} className={styles.main}>
          {!verified && profile.spendingCap !== null && (
            <p className={styles.capNote} data-testid="campaign-cap-note">
              {t('campaign.capNote', { cap: formatMoney(profile.spendingCap, locale, undefined, currency) })}
            </p>
          )}
          <fieldset className={creativeStyles.pricing}>
            <legend>{t('campaign.pricing.label')}</legend>
            {(['cpc', 'cpm'] as const).map((model) => (
              <label key={model} className={creativeStyles.day}>
                <input
                  type="radio"
                  name="campaign-pricing"
                  value={model}
                  checked={values.pricingModel === model}
                  onChange={() => set('pricingModel', model)}
                />
                {t(`campaign.pricing.${model}`)}
              </label>
            ))}
          </fieldset>
          <div className={formStyles.grid}>
            {moneyField('totalBudget')}
            {moneyField('dailyBudget')}
            {values.pricingModel === 'cpc' ? (
              moneyField('costPerClick', t('campaign.fields.costPerClickHint'))
            ) : (
              <TextField
                id="campaign-costPerImpression"
                label={t('campaign.pricing.costPerThousand', { currency: sign })}
                value={values.costPerThousand}
                onValue={(value) => {
                  set('costPerThousand', value);
                  clearServerErrors('costPerImpression');
                }}
                error={errors.costPerImpression}
                hint={t('campaign.pricing.costPerThousandHint')}
                required
                input={{
                  type: 'number',
                  inputMode: 'decimal',
                  // A yen price per impression has two decimals at most: a thousand go in steps of ¥10.
                  ...(currency === 'JPY' ? { step: '10', min: '10' } : { step: '0.1', min: '0.1' }),
                }}
              />
            )}
            <TextField
              id="campaign-frequencyCap"
              label={t('campaign.fields.frequencyCap')}
              value={values.frequencyCap}
              onValue={(value) => set('frequencyCap', value)}
              error={errors.frequencyCap}
              hint={t('campaign.fields.frequencyCapHint')}
              input={{ type: 'number', inputMode: 'numeric', step: '1', min: '1', max: '1000' }}
            />
          </div>
          <PriceLine
            totalBudget={values.totalBudget}
            costPerClick={values.pricingModel === 'cpm' ? values.costPerThousand : values.costPerClick}
            unit={values.pricingModel === 'cpm' ? 'thousand' : 'click'}
          />
          <ReachEstimatePanel
            area={values.area}
            pricingModel={values.pricingModel}
            costPerClick={values.costPerClick}
            costPerThousand={values.costPerThousand}
            dailyBudget={values.dailyBudget}
            weeklyHours={weeklyHoursOf(values.schedule)}
          />
        </FormSection>

        <FormSection
          id="campaign-targeting"
          title={t('targeting.title')}
          description={t('targeting.text')}
          className={styles.main}
        >
          <div className={styles.targeting}>
            <CountryPicker
              value={values.targetCountries}
              onChange={(codes) => set('targetCountries', codes)}
              errors={errorsUnder(errors, 'targetCountries')}
            />
            <CityPicker
              value={values.targetCities}
              onChange={(cities) => set('targetCities', cities)}
              errors={errorsUnder(errors, 'targetCities')}
            />
            <AreaPicker
              area={values.area}
              onChange={(area) => set('area', area)}
              errors={areaFields.flatMap((field) => errorsUnder(errors, field))}
            />
            <TargetingNotes
              countries={values.targetCountries}
              cities={values.targetCities}
              area={values.area}
            />
          </div>
        </FormSection>

        <FormSection
          id="campaign-schedule"
          title={t('campaign.sections.schedule')}
          description={t('campaign.scheduleText')}
          className={styles.main}
        >
          <div className={formStyles.grid}>
            <TextField
              id="campaign-startDate"
              label={t('campaign.fields.startDate')}
              value={values.startDate}
              onValue={(value) => set('startDate', value)}
              error={errors.startDate}
              input={{ type: 'date' }}
            />
            <TextField
              id="campaign-endDate"
              label={t('campaign.fields.endDate')}
              value={values.endDate}
              onValue={(value) => set('endDate', value)}
              error={errors.endDate}
              input={{ type: 'date', min: values.startDate || undefined }}
            />
          </div>
          <WeeklySchedule
            value={values.schedule}
            onChange={(schedule) => set('schedule', schedule)}
            errors={errors}
          />
        </FormSection>

        {mode.kind === 'create' ? (
          <FormSection id="campaign-status" title={t('campaign.sections.status')} className={styles.main}>
            <SelectField
              id="campaign-status-select"
              label={t('campaign.fields.initialStatus')}
              value={values.status}
              onValue={(value) => set('status', value as CampaignFormValues['status'])}
              error={errors.status}
              hint={t(`campaign.statusHints.${values.status}`)}
              options={campaignStatuses.map((status) => ({
                value: status,
                label: t(`campaignStatus.${status}`),
              }))}
            />
          </FormSection>
        ) : null}
      </fieldset>
      {mode.kind === 'edit' && <div className={styles.main}>{mode.statusPanel}</div>}

      <div className={`${formStyles.actions} ${styles.main}`}>
        <Button variant="secondary" onClick={() => void navigate('/advertiser/dashboard')}>
          {t('campaign.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending || locked}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
