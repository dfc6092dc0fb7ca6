import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownerListingDescriptionMaxLength, ownerListingPrices, type Laundromat } from '@laundry/contracts';
import { Button, Card, toast } from '@laundry/ui';
import { claimedLaundromatKey, useClaimedLaundromat, useOwnedLaundromats } from '../api/claims.ts';
import { updateListing } from '../api/listing.ts';
import { useCurrentUser } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { Field, FormSection, TextAreaField, TextField } from '../components/form-field.tsx';
import { LoadFailed, PageLoading, SignInCard } from '../components/page-states.tsx';
import { useScrollToTop } from '../components/use-scroll-to-top.ts';
import { useText } from '../components/use-text.ts';
import { formatDay } from '../domain/formats.ts';
import {
  amenityKeys,
  currencyDecimals,
  listingErrorsOf,
  listingFormFrom,
  listingRequest,
  openingHoursOfForm,
  paymentKeys,
  type ListingFormValues,
} from '../domain/listing-form.ts';
import type { FieldErrors } from '../domain/validation-messages.ts';
import { ListingHoursEditor } from '../listing/listing-hours-editor.tsx';
import formStyles from '../components/form.module.css';
import pageStyles from '../components/page.module.css';
import styles from '../listing/listing.module.css';

const priceLabels = {
  washPriceSmall: 'listing.prices.washPriceSmall',
  washPriceLarge: 'listing.prices.washPriceLarge',
  dryPrice15min: 'listing.prices.dryPrice15min',
  dryPrice30min: 'listing.prices.dryPrice30min',
  detergentPrice: 'listing.prices.detergentPrice',
} as const;

/** The currency's sign as the reader writes it ('$', 'US$', '€'); its code when the browser has none. */
function currencySign(currency: string, locale: string): string {
  try {
    return (
      new Intl.NumberFormat(locale, { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/**
 * /advertiser/laundromats/:laundromatId/edit: the verified owner edits the listing (hours with special
 * days, prices in its currency, amenities, payment, machines, contact, description). Save sends only what
 * changed; each refused field shows its message under it, the hours the directory's own words.
 */
export default function ListingEditPage() {
  const { laundromatId = '' } = useParams();
  const { t } = useText();
  const user = useCurrentUser();
  const owned = useOwnedLaundromats(user.isSignedIn);
  const isOwner = owned.data?.verified.some((claim) => claim.laundromatId === laundromatId) ?? false;
  const laundromat = useClaimedLaundromat(laundromatId, user.isSignedIn && isOwner);
  useScrollToTop();

  if (user.isLoading) return <PageLoading />;
  if (!user.isSignedIn)
    return <SignInCard returnTo={`/advertiser/laundromats/${encodeURIComponent(laundromatId)}/edit`} />;
  if (owned.error || laundromat.error)
    return (
      <LoadFailed
        onRetry={() => {
          void owned.refetch();
          void laundromat.refetch();
        }}
      />
    );
  if (owned.isPending || (isOwner && laundromat.isPending)) return <PageLoading />;
  if (!isOwner || !laundromat.data)
    return (
      <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
        <Card className={pageStyles.messageCard} data-testid="listing-not-owner">
          <h1>{t('listing.notOwnerTitle')}</h1>
          <p>{t('listing.notOwnerText')}</p>
          <Link to="/advertiser/laundromats">{t('listing.backToList')}</Link>
        </Card>
      </div>
    );
  return <ListingForm key={laundromat.data.id} laundromat={laundromat.data} />;
}

/** The form keeps its own state; another laundromat gets a fresh form through its key. */
function ListingForm({ laundromat }: { laundromat: Laundromat }) {
  const { t, text, failure, locale } = useText();
  // The amenities' names are the finder's; asking for its namespace makes sure it is loaded.
  useTranslation('finder');
  const queryClient = useQueryClient();
  const initial = useMemo(() => listingFormFrom(laundromat), [laundromat]);
  const [values, setValues] = useState<ListingFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<'saved' | 'nothing' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const set = <K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setNotice(null);
  };
  const decimals = currencyDecimals(laundromat.currency);
  const sign = currencySign(laundromat.currency, locale);

  const save = useMutation({
    mutationFn: (change: Parameters<typeof updateListing>[1]) => updateListing(laundromat.id, change),
    onSuccess: (updated) => {
      queryClient.setQueryData(claimedLaundromatKey(laundromat.id), updated);
      setErrors({});
      setNotice('saved');
      toast({ title: t('listing.saved'), variant: 'success' });
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      const fieldErrors = listingErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toast({ title: t('listing.saveFailed'), description: failure(error), variant: 'destructive' });
    },
  });

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first) document.getElementById(`listing-${first}`)?.scrollIntoView({ block: 'center' });
  }, [errors]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = listingRequest(initial, values, laundromat.currency);
    if (!check.ok) {
      setErrors(check.errors);
      setNotice(check.nothingChanged ? 'nothing' : null);
      return;
    }
    setErrors({});
    save.mutate(check.request);
  };

  const hoursValue = openingHoursOfForm(values);
  const checkbox = (key: keyof ListingFormValues['flags'], label: string) => (
    <label key={key} className={styles.checkbox}>
      <input
        type="checkbox"
        checked={values.flags[key]}
        onChange={(event) => set('flags', { ...values.flags, [key]: event.target.checked })}
      />
      {label}
    </label>
  );

  return (
    <div className={`${pageStyles.page} ${pageStyles.narrow}`}>
      <header className={pageStyles.header}>
        <div className={pageStyles.headerText}>
          <Link className={pageStyles.backLink} to="/advertiser/laundromats">
            ← {t('listing.backToList')}
          </Link>
          <h1 className={pageStyles.title}>{t('listing.title', { name: laundromat.name })}</h1>
          <p className={pageStyles.subtitle}>
            {laundromat.ownerUpdatedAt
              ? t('listing.lastUpdated', { date: formatDay(laundromat.ownerUpdatedAt, locale) })
              : t('listing.subtitle')}
          </p>
        </div>
      </header>

      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={t('listing.formLabel')}>
        <FormSection id="listing-hours-title" title={t('listing.hours.title')}>
          <div id="listing-openingHours">
            {values.hoursMode === 'editor' ? (
              <ListingHoursEditor
                hours={values.hours}
                specials={values.specials}
                onHours={(hours) => set('hours', hours)}
                onSpecials={(specials) => set('specials', specials)}
              />
            ) : (
              <TextField
                id="listing-hours-text"
                label={t('listing.hours.asText')}
                hint={t('listing.hours.asTextHint')}
                value={values.hoursText}
                onValue={(value) => set('hoursText', value)}
              />
            )}
            {values.hoursMode === 'editor' && (
              <>
                <h3 className={styles.subTitle}>{t('listing.hours.valueTitle')}</h3>
                <p className={styles.value} data-testid="listing-hours-value">
                  {hoursValue || t('listing.hours.valueEmpty')}
                </p>
              </>
            )}
            {errors.openingHours && (
              <p className={styles.hoursError} role="alert" data-testid="listing-hours-error">
                {text(errors.openingHours)}
              </p>
            )}
          </div>
        </FormSection>

        <FormSection
          id="listing-prices-title"
          title={t('listing.prices.title')}
          description={t('listing.prices.hint', { currency: laundromat.currency })}
        >
          <div className={formStyles.grid}>
            {ownerListingPrices.map((key) => (
              <Field key={key} id={`listing-${key}`} label={t(priceLabels[key])} error={errors[key]}>
                {(control) => (
                  <div className={styles.priceInput}>
                    <span className={styles.currency} aria-hidden="true">
                      {sign}
                    </span>
                    <input
                      {...control}
                      inputMode="decimal"
                      placeholder={decimals === 0 ? '500' : '4.50'}
                      value={values.prices[key]}
                      onChange={(event) => set('prices', { ...values.prices, [key]: event.target.value })}
                    />
                  </div>
                )}
              </Field>
            ))}
          </div>
        </FormSection>

        <FormSection id="listing-payment-title" title={t('listing.payment')}>
          <fieldset className={styles.checks} aria-labelledby="listing-payment-title">
            {paymentKeys.map((key) => checkbox(key, t(`finder:amenities.${key}`)))}
          </fieldset>
        </FormSection>

        <FormSection id="listing-amenities-title" title={t('listing.amenities')}>
          <fieldset className={styles.checks} aria-labelledby="listing-amenities-title">
            {amenityKeys.map((key) => checkbox(key, t(`finder:amenities.${key}`)))}
          </fieldset>
        </FormSection>

        <FormSection id="listing-machines-title" title={t('listing.machines')}>
          <div className={formStyles.grid}>
            <TextField
              id="listing-numWashers"
              label={t('listing.numWashers')}
              value={values.numWashers}
              onValue={(value) => set('numWashers', value)}
              error={errors.numWashers}
              input={{ inputMode: 'numeric' }}
            />
            <TextField
              id="listing-numDryers"
              label={t('listing.numDryers')}
              value={values.numDryers}
              onValue={(value) => set('numDryers', value)}
              error={errors.numDryers}
              input={{ inputMode: 'numeric' }}
            />
          </div>
        </FormSection>

        <FormSection id="listing-contact-title" title={t('listing.contact')}>
          <div className={formStyles.grid}>
            <TextField
              id="listing-phone"
              label={t('listing.phone')}
              value={values.phone}
              onValue={(value) => set('phone', value)}
              error={errors.phone}
              input={{ type: 'tel', autoComplete: 'off' }}
            />
            <TextField
              id="listing-website"
              label={t('listing.website')}
              value={values.website}
              onValue={(value) => set('website', value)}
              error={errors.website}
              input={{ type: 'url', placeholder: 'https://' }}
            />
          </div>
          <div className={formStyles.grid}>
            <TextAreaField
              id="listing-description"
              className={formStyles.wide}
              label={t('listing.description')}
              hint={t('listing.descriptionHint', { max: ownerListingDescriptionMaxLength })}
              value={values.description}
              onValue={(value) => set('description', value)}
              error={errors.description}
              input={{ rows: 5, maxLength: ownerListingDescriptionMaxLength }}
            />
          </div>
        </FormSection>

        {notice && (
          <div
            ref={noticeRef}
            tabIndex={-1}
            className={styles.saved}
            role="status"
            data-testid="listing-notice"
          >
            {notice === 'saved' ? t('listing.savedText') : t('listing.nothingChanged')}
          </div>
        )}
        {Object.keys(errors).length > 0 && (
          <p className={formStyles.error} role="alert">
            {t('listing.fixFields')}
          </p>
        )}
        <div className={formStyles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('listing.saving') : t('listing.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
