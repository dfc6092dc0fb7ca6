import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, toast } from '@laundry/ui';
import {
  laundromatBooleanKeys,
  suggestablePrices,
  suggestionKinds,
  suggestionNoteMaxLength,
  type CreateSuggestionRequest,
  type Laundromat,
  type SuggestionKind,
} from '@laundry/contracts';
import { mutateJson, serverMessage } from '../api/http-client.ts';
import { handledAsSignedOut, signInUrl } from '../api/sign-in.ts';
import { FormField } from '../add/form-field.tsx';
import { formatDistance } from '../domain/distance-display.ts';
import { distanceMeters } from '../domain/geo-distance.ts';
import {
  checkSuggestion,
  initialSuggestValues,
  typedPin,
  type SuggestFormErrors,
  type SuggestFormValues,
} from '../domain/suggest-form.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import styles from './suggest.module.css';

// MapLibre comes with the map, only when a pin is being moved.
const PinMap = lazy(() => import('../add/pin-map.tsx'));

const priceLabels = {
  washPriceSmall: 'add.fields.washPriceSmall',
  washPriceLarge: 'add.fields.washPriceLarge',
  dryPrice15min: 'add.fields.dryPrice15min',
  dryPrice30min: 'add.fields.dryPrice30min',
  detergentPrice: 'add.fields.detergentPrice',
} as const;

/** 'Suggest an edit' on the detail: signed out, a prompt to sign in; signed in, the form. */
export function SuggestEditButton({ laundromat }: { laundromat: Laundromat }) {
  const { t } = useText();
  const { isSignedIn } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const start = () => {
    if (!isSignedIn) {
      toast({ title: t('suggest.signInRequired') });
      window.location.assign(signInUrl(`${window.location.pathname}${window.location.search}`));
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <Button variant="secondary" size="small" onClick={start} data-testid="suggest-edit">
        {t('suggest.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('suggest.title', { name: laundromat.name })}
        className={styles.dialog}
      >
        {open && <SuggestEditForm laundromat={laundromat} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function useSendSuggestion(laundromatId: string, onDone: () => void) {
  const { t } = useText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateSuggestionRequest) =>
      mutateJson('POST', `/api/laundromats/${laundromatId}/suggestions`, request),
    onSuccess: () => {
      toast({ title: t('suggest.sent'), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['/api/suggestions/mine'] });
      onDone();
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      const status = error instanceof Error ? error.message.slice(0, 3) : '';
      const message = serverMessage(error);
      const description =
        status === '409'
          ? t('suggest.errors.alreadySuggested')
          : status === '429'
            ? t('suggest.errors.tooMany')
            : message
              ? t('suggest.errors.server', { message })
              : undefined;
      toast({ title: t('suggest.failed'), ...(description ? { description } : {}), variant: 'destructive' });
    },
  });
}

function SuggestEditForm({ laundromat, onClose }: { laundromat: Laundromat; onClose: () => void }) {
  const { t, locale } = useText();
  const [values, setValues] = useState<SuggestFormValues>(() => initialSuggestValues(laundromat));
  const [errors, setErrors] = useState<SuggestFormErrors>({});
  const send = useSendSuggestion(laundromat.id, onClose);

  const set = (patch: Partial<SuggestFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkSuggestion(values, laundromat);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    send.mutate(check.request);
  };
  const errorText = (key: keyof SuggestFormErrors) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.intro}>{t('suggest.intro')}</p>
      <label className={styles.form} htmlFor="suggest-kind">
        <strong>{t('suggest.whatIsWrong')}</strong>
        <select
          id="suggest-kind"
          className={styles.select}
          value={values.kind}
          onChange={(event) => set({ kind: event.target.value as SuggestionKind })}
        >
          {suggestionKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`suggest.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>

      <KindFields laundromat={laundromat} values={values} set={set} errorText={errorText} locale={locale} />

      <label className={styles.form} htmlFor="suggest-note">
        {t('suggest.note')}
        <textarea
          id="suggest-note"
          className={styles.textarea}
          value={values.note}
          onChange={(event) => set({ note: event.target.value })}
          aria-invalid={errors.note ? true : undefined}
        />
        <span className={styles.noteCount}>
          {t('suggest.noteCount', { count: values.note.length, max: suggestionNoteMaxLength })}
        </span>
      </label>
      {errorText('note') && <p className={styles.error}>{errorText('note')}</p>}
      {errorText('form') && (
        <p className={styles.error} role="alert">
          {errorText('form')}
        </p>
      )}
      <div className={styles.footer}>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('suggest.cancel')}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('suggest.sending') : t('suggest.send')}
        </Button>
      </div>
    </form>
  );
}

interface KindFieldsProps {
  laundromat: Laundromat;
  values: SuggestFormValues;
  set: (patch: Partial<SuggestFormValues>) => void;
  errorText: (key: keyof SuggestFormErrors) => string | undefined;
  locale: string;
}

/** The fields of the chosen kind, each with the laundromat's current value beside the correction. */
function KindFields({ laundromat, values, set, errorText, locale }: KindFieldsProps) {
  const { t } = useText();
  const shown = (value: string | null | undefined) => (value ? value : t('suggest.notGiven'));
  switch (values.kind) {
    case 'hours':
      return (
        <Compare>
          <Row name={t('suggest.openingHours')} current={shown(laundromat.openingHours)}>
            <TextInput
              id="suggest-opening-hours"
              label={t('suggest.openingHours')}
              value={values.openingHours}
              onValue={(openingHours) => set({ openingHours })}
              error={errorText('openingHours')}
              hint={t('suggest.openingHoursHelp')}
            />
          </Row>
        </Compare>
      );
    case 'prices':
      return (
        <>
          <p className={styles.intro}>{t('suggest.pricesHelp', { currency: laundromat.currency })}</p>
          <Compare>
            {suggestablePrices.map((key) => (
              <Row key={key} name={t(priceLabels[key])} current={shown(laundromat[key]?.toString())}>
                <TextInput
                  id={`suggest-${key}`}
                  label={t(priceLabels[key])}
                  value={values.prices[key]}
                  inputMode="decimal"
                  onValue={(text) => set({ prices: { ...values.prices, [key]: text } })}
                  error={errorText(key)}
                />
              </Row>
            ))}
          </Compare>
        </>
      );
    case 'amenities':
      return (
        <>
          <p className={styles.intro}>{t('suggest.amenitiesHelp')}</p>
          <Compare>
            {laundromatBooleanKeys.map((key) => (
              <Row
                key={key}
                name={t(`amenities.${key}`)}
                current={laundromat[key] ? t('suggest.yes') : t('suggest.no')}
              >
                <label className={values.amenities[key] !== laundromat[key] ? styles.changed : undefined}>
                  <input
                    type="checkbox"
                    checked={values.amenities[key]}
                    onChange={(event) =>
                      set({ amenities: { ...values.amenities, [key]: event.target.checked } })
                    }
                  />{' '}
                  {values.amenities[key] ? t('suggest.yes') : t('suggest.no')}
                </label>
              </Row>
            ))}
          </Compare>
        </>
      );
    case 'phone':
    case 'website':
      return (
        <Compare>
          <Row name={t(`suggest.kinds.${values.kind}`)} current={shown(laundromat[values.kind])}>
            <TextInput
              id={`suggest-${values.kind}`}
              label={t(`suggest.kinds.${values.kind}`)}
              value={values[values.kind]}
              type={values.kind === 'phone' ? 'tel' : 'url'}
              onValue={(text) => set({ [values.kind]: text })}
              error={errorText(values.kind)}
            />
          </Row>
        </Compare>
      );
    case 'location':
      return (
        <LocationFields
          laundromat={laundromat}
          values={values}
          set={set}
          errorText={errorText}
          locale={locale}
        />
      );
    case 'closed':
      return <p className={styles.intro}>{t('suggest.closedHelp')}</p>;
    case 'not-exists':
      return <p className={styles.intro}>{t('suggest.notExistsHelp')}</p>;
    case 'duplicate':
      return (
        <FormField
          id="suggest-duplicate"
          label={t('suggest.duplicateOf')}
          value={values.duplicateOf}
          onValue={(duplicateOf) => set({ duplicateOf })}
          errorKey={errorText('duplicateOf') ? 'suggest.errors.duplicate' : undefined}
          hint={t('suggest.duplicateHelp')}
        />
      );
  }
}

function LocationFields({ laundromat, values, set, errorText, locale }: KindFieldsProps) {
  const { t } = useText();
  const pin = typedPin(values);
  const moved = formatDistance(distanceMeters(laundromat, pin), locale);
  // Typed coordinates send the map to the pin once the field is left (not at every keystroke).
  const [focusKey, setFocusKey] = useState(0);
  const followPin = () => setFocusKey((key) => key + 1);
  return (
    <>
      <p className={styles.intro}>{t('suggest.locationHelp')}</p>
      <Suspense fallback={<p className={styles.intro}>{t('suggest.mapLabel')}</p>}>
        <PinMap
          pin={pin ?? { latitude: laundromat.latitude, longitude: laundromat.longitude }}
          focusKey={focusKey}
          onPin={(at) => set({ latitude: at.latitude.toFixed(6), longitude: at.longitude.toFixed(6) })}
        />
      </Suspense>
      <Compare>
        <Row name={t('suggest.latitude')} current={String(laundromat.latitude)}>
          <TextInput
            id="suggest-latitude"
            label={t('suggest.latitude')}
            value={values.latitude}
            inputMode="decimal"
            onValue={(latitude) => set({ latitude })}
            onBlur={followPin}
            error={errorText('latitude')}
          />
        </Row>
        <Row name={t('suggest.longitude')} current={String(laundromat.longitude)}>
          <TextInput
            id="suggest-longitude"
            label={t('suggest.longitude')}
            value={values.longitude}
            inputMode="decimal"
            onValue={(longitude) => set({ longitude })}
            onBlur={followPin}
            error={errorText('longitude')}
          />
        </Row>
      </Compare>
      {moved && pin && (pin.latitude !== laundromat.latitude || pin.longitude !== laundromat.longitude) && (
        <p className={styles.intro} role="status">
          {t('suggest.movedBy', { distance: moved })}
        </p>
      )}
    </>
  );
}

function Compare({ children }: { children: ReactNode }) {
  const { t } = useText();
  return (
    <div className={styles.compare} role="group">
      <span className={`${styles.compareHead} ${styles.fieldName}`} aria-hidden="true" />
      <span className={styles.compareHead}>{t('suggest.current')}</span>
      <span className={styles.compareHead}>{t('suggest.proposed')}</span>
      {children}
    </div>
  );
}

function Row({ name, current, children }: { name: string; current: string; children: ReactNode }) {
  return (
    <>
      <span className={styles.fieldName}>{name}</span>
      <span className={styles.current}>{current}</span>
      <div>{children}</div>
    </>
  );
}

function TextInput({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  type = 'text',
  inputMode,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  error: string | undefined;
  hint?: string;
  type?: string;
  inputMode?: 'decimal';
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <>
      <input
        id={id}
        className={styles.inlineInput}
        aria-label={label}
        type={type}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.intro}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </>
  );
}
