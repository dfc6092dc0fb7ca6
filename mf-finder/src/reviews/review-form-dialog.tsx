import { useState, type FormEvent } from 'react';
import { checklistItemIds, visitTimes, type Laundromat } from '@laundry/contracts';
import { Button, Dialog, DialogFooter, toast } from '@laundry/ui';
import {
  checkReviewSubmission,
  initialReviewFormValues,
  reviewMessageKeys,
  subRatingFields,
  toggleChecklistItem,
  type ReviewFormErrors,
  type ReviewFormValues,
} from '../domain/review-form.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useSubmitReview } from '../hooks/use-reviews.ts';
import { useText } from '../shared/use-text.ts';
import { StarInput } from './star-input.tsx';
import styles from './reviews.module.css';

const subRatingLabels = {
  priceRating: 'review.price',
  safetyRating: 'review.safety',
  cleanlinessRating: 'review.cleanliness',
  reliabilityRating: 'review.reliability',
  accessibilityRating: 'review.accessibility',
} as const;

/** What the form needs of the laundromat: its name, and its rating and count to update once posted. */
export type RatedLaundromat = Pick<Laundromat, 'id' | 'name' | 'averageRating' | 'totalReviews'>;

/**
 * The review dialog 'Write Review for {name}' (docs/product.md, Pages), its fields under Data and Validation.
 */
export function ReviewFormDialog({
  laundromat,
  open,
  onOpenChange,
}: {
  laundromat: RatedLaundromat;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useText();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('review.title', { name: laundromat.name })}
      className={styles.formDialog}
    >
      {open && <ReviewForm laundromat={laundromat} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReviewForm({ laundromat, onClose }: { laundromat: RatedLaundromat; onClose: () => void }) {
  const { t, text } = useText();
  const { isSignedIn } = useCurrentUser();
  const [values, setValues] = useState<ReviewFormValues>(initialReviewFormValues);
  const [errors, setErrors] = useState<ReviewFormErrors>({});
  const submit = useSubmitReview(laundromat, onClose);

  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const errorText = (key: keyof ReviewFormValues) => {
    const error = errors[key];
    return error ? text(error) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkReviewSubmission(values, isSignedIn);
    if (check.kind === 'signInRequired') {
      toast({
        title: `${t(reviewMessageKeys.signInRequiredTitle)}: ${t(reviewMessageKeys.signInForReview)}`,
      });
      return;
    }
    if (check.kind !== 'ok') {
      setErrors(check.errors);
      if (check.kind === 'ratingRequired') {
        toast({
          title: `${t(reviewMessageKeys.ratingRequiredTitle)}: ${t(reviewMessageKeys.ratingRequiredText)}`,
          variant: 'destructive',
        });
        document.querySelector<HTMLInputElement>('input[name="overallRating"]')?.focus();
      }
      return;
    }
    submit.mutate(check.request);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <StarInput
        name="overallRating"
        legend={t('review.overall')}
        value={values.overallRating}
        onChange={(value) => set('overallRating', value)}
        errorText={errorText('overallRating')}
      />

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>{t('review.detailed')}</legend>
        {subRatingFields.map((field) => (
          <StarInput
            key={field}
            name={field}
            size="small"
            legend={t(subRatingLabels[field])}
            value={values[field]}
            onChange={(value) => set(field, value)}
            errorText={errorText(field)}
          />
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>{t('review.visitTime')}</legend>
        <div className={styles.segmented}>
          {visitTimes.map((time) => (
            <label key={time} className={styles.segment}>
              <input
                type="radio"
                name="visitTime"
                value={time}
                checked={values.visitTime === time}
                onChange={() => set('visitTime', time)}
              />
              {t(`review.${time}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>{t('review.checklist')}</legend>
        <div className={styles.checklist}>
          {checklistItemIds.map((id) => (
            <label key={id} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={values.checklistItems.includes(id)}
                onChange={() => set('checklistItems', toggleChecklistItem(values.checklistItems, id))}
              />
              {t(`review.checklistItems.${id}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>{t('review.observedPrices')}</legend>
        <div className={styles.priceRow}>
          <TextField
            id="review-observedWashPrice"
            label={t('review.observedWashPrice')}
            placeholder={t('review.pricePlaceholder')}
            value={values.observedWashPrice}
            onValue={(value) => set('observedWashPrice', value)}
            errorText={errorText('observedWashPrice')}
          />
          <TextField
            id="review-observedDryPrice"
            label={t('review.observedDryPrice')}
            placeholder={t('review.pricePlaceholder')}
            value={values.observedDryPrice}
            onValue={(value) => set('observedDryPrice', value)}
            errorText={errorText('observedDryPrice')}
          />
        </div>
      </fieldset>

      <TextField
        id="review-text"
        label={t('review.text')}
        placeholder={t('review.textPlaceholder')}
        value={values.reviewText}
        onValue={(value) => set('reviewText', value)}
        errorText={errorText('reviewText')}
        rows={4}
      />
      <TextField
        id="review-tips"
        label={t('review.tips')}
        placeholder={t('review.tipsPlaceholder')}
        value={values.tips}
        onValue={(value) => set('tips', value)}
        errorText={errorText('tips')}
        rows={2}
      />

      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? t('review.submitting') : t('review.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface TextProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValue: (value: string) => void;
  errorText: string | undefined;
  /** Several lines (a textarea of this many rows) instead of one. */
  rows?: number;
}

/** A labelled text field whose error sits under it and is announced with it (aria-describedby). */
function TextField({ id, label, placeholder, value, onValue, errorText, rows }: TextProps) {
  const control = {
    id,
    value,
    placeholder,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': errorText ? `${id}-error` : undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {rows === undefined ? (
        <input {...control} className={styles.input} onChange={(event) => onValue(event.target.value)} />
      ) : (
        <textarea
          {...control}
          className={styles.textarea}
          rows={rows}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
      {errorText && (
        <span id={`${id}-error`} className={styles.error}>
          {errorText}
        </span>
      )}
    </div>
  );
}
