import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdvertiserProfile, AdvertiserVerification, VerificationRequest } from '@laundry/contracts';
import { Button, Skeleton, toast } from '@laundry/ui';
import { request } from '../api/http.ts';
import { profileKey, useVerification, verificationKey } from '../api/queries.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { Field, FormSection, SelectField, TextField } from '../components/form-field.tsx';
import { StyledBadge } from '../components/status-badge.tsx';
import { useMoney } from '../components/use-money.ts';
import { useText } from '../components/use-text.ts';
import { ApiRequestError } from '../domain/api-errors.ts';
import { formatDay } from '../domain/formats.ts';
import type { FieldErrors } from '../domain/validation-messages.ts';
import {
  canSubmitVerification,
  documentActiveContentCode,
  emptyVerificationValues,
  validateVerification,
  verificationAccept,
  verificationDisplay,
  verificationDocumentTypes,
  verificationFormData,
  verificationServerErrors,
  type VerificationFormValues,
} from '../domain/verification.ts';
import formStyles from '../components/form.module.css';
import styles from './settings.module.css';

function UploadForm() {
  const { t, failure } = useText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<VerificationFormValues>(emptyVerificationValues);
  const [file, setFile] = useState<File | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const validation = validateVerification(values, file);
  const errors: FieldErrors = { ...serverErrors, ...(attempted && !validation.ok ? validation.errors : {}) };

  const upload = useMutation({
    mutationFn: ({ body, document }: { body: VerificationRequest; document: File }) =>
      request<AdvertiserVerification>(
        'POST',
        '/api/advertisers/me/verification',
        verificationFormData(body, document),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(verificationKey, saved);
      void queryClient.invalidateQueries({ queryKey: profileKey });
      toast({ title: t('settings.verification.submitted'), variant: 'success' });
      setValues(emptyVerificationValues());
      setFile(null);
      setAttempted(false);
      if (fileInput.current) fileInput.current.value = '';
    },
    onError: (error) => {
      if (handledAsSignedOut(error, t)) return;
      const refused = error instanceof ApiRequestError ? error.body : null;
      if (refused) setServerErrors(verificationServerErrors(refused));
      toast({
        title: t('settings.verification.failed'),
        description:
          refused?.code === documentActiveContentCode
            ? t('settings.verification.documentActiveContent')
            : failure(error),
        variant: 'destructive',
      });
    },
  });

  const set = (field: keyof VerificationFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!validation.ok || !file) {
      const first = Object.keys(validation.ok ? { document: true } : validation.errors)[0];
      if (first) document.getElementById(`verification-${first}`)?.focus();
      return;
    }
    upload.mutate({ body: validation.request, document: file });
  };

  return (
    <form
      className={styles.uploadForm}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settings.verification.formLabel')}
    >
      <div className={formStyles.grid}>
        <SelectField
          id="verification-documentType"
          label={t('settings.verification.documentType')}
          value={values.documentType}
          onValue={set('documentType')}
          error={errors.documentType}
          required
          options={verificationDocumentTypes.map((type) => ({
            value: type,
            label: t(`settings.verification.documentTypes.${type}`),
          }))}
        />
        <TextField
          id="verification-documentNumber"
          label={t('settings.verification.documentNumber')}
          value={values.documentNumber}
          onValue={set('documentNumber')}
          error={errors.documentNumber}
        />
        <TextField
          id="verification-issuingAuthority"
          label={t('settings.verification.issuingAuthority')}
          value={values.issuingAuthority}
          onValue={set('issuingAuthority')}
          error={errors.issuingAuthority}
          className={formStyles.wide}
          input={{ placeholder: t('settings.verification.issuingAuthorityPlaceholder') }}
        />
        <Field
          id="verification-document"
          label={t('settings.verification.document')}
          hint={t('settings.verification.documentHint')}
          error={errors.document}
          required
          className={formStyles.wide}
        >
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept={verificationAccept}
              className={`${control.className} ${styles.fileInput}`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setServerErrors(({ document: _changed, ...rest }) => rest);
              }}
            />
          )}
        </Field>
      </div>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? t('settings.verification.uploading') : t('settings.verification.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Advertiser verification on the settings page: where it stands (with the admin's notes), the
 * spending cap that applies until it is verified, and the upload of a business document when one is due.
 */
export function VerificationSection({ profile }: { profile: AdvertiserProfile }) {
  const { t, text, locale } = useText();
  const { money } = useMoney();
  const latest = useVerification(true);
  const state = profile.isVerified ? 'verified' : profile.verificationStatus;
  const display = verificationDisplay(state);
  const submission = latest.data ?? null;
  const notes = submission?.verificationNotes?.trim();
  return (
    <FormSection id="verification" title={t('settings.verification.title')}>
      <div className={styles.statusRow}>
        <span className={styles.statusLabel}>{t('settings.verification.status')}</span>
        <StyledBadge badge={{ style: display.style, text: display.label }} testId="verification-status" />
      </div>
      <p className={styles.text}>{text(display.text)}</p>
      {latest.isPending ? (
        <Skeleton height="1.25rem" width="60%" />
      ) : (
        submission && (
          <p className={styles.meta}>
            {t('settings.verification.lastSubmitted', {
              type: t(`settings.verification.documentTypes.${submission.documentType ?? 'other'}`, {
                defaultValue: submission.documentType ?? '',
              }),
              date: formatDay(submission.createdAt, locale),
            })}
          </p>
        )
      )}
      {notes && (
        <p className={styles.notes} data-testid="verification-notes">
          <strong>{t('settings.verification.notesLabel')}</strong> {notes}
        </p>
      )}
      {state !== 'verified' && profile.spendingCap !== null && (
        <p className={styles.cap} data-testid="spending-cap">
          {t('settings.verification.cap', { cap: money(profile.spendingCap) })}
        </p>
      )}
      {canSubmitVerification(state) && <UploadForm />}
    </FormSection>
  );
}
