import {
  verificationDocumentTypes,
  verificationRequestSchema,
  type VerificationRequest,
  type VerificationState,
} from '@laundry/contracts';
import type { BadgeStyle } from './campaign-display.ts';
import { ns, type I18nText } from './i18n-text.ts';
import { fieldErrorsOf, issuePath, type FieldErrors } from './validation-messages.ts';

export { verificationDocumentTypes };

/** The documents the ad service stores: PDF and the three image types, up to 10 MB. */
export const verificationFileTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const verificationMaxBytes = 10 * 1024 * 1024;
/** The file input's accept list: types and extensions, so every picker offers the right files. */
export const verificationAccept = [...verificationFileTypes, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(
  ',',
);

const extensionTypes: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The file's type as the browser names it, else from its extension (some systems give none). */
function typeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return extensionTypes[extension] ?? '';
}

/** Why a chosen file cannot be sent, or null; the server checks the bytes themselves again. */
export function checkVerificationFile(
  file: { name: string; type: string; size: number } | null,
): I18nText | null {
  if (!file) return { key: ns('settings.verification.fileRequired') };
  if (!(verificationFileTypes as readonly string[]).includes(typeOf(file)))
    return { key: ns('settings.verification.fileType') };
  if (file.size > verificationMaxBytes)
    return { key: ns('settings.verification.fileTooLarge'), values: { max: 10 } };
  if (file.size === 0) return { key: ns('settings.verification.fileEmpty') };
  return null;
}

export interface VerificationFormValues {
  documentType: string;
  documentNumber: string;
  issuingAuthority: string;
}

export const emptyVerificationValues = (): VerificationFormValues => ({
  documentType: 'business_registration',
  documentNumber: '',
  issuingAuthority: '',
});

export type VerificationValidation =
  { ok: true; request: VerificationRequest } | { ok: false; errors: FieldErrors };

/** The fields sent beside the file, with the contract's rules; the file's own check adds 'document'. */
export function validateVerification(
  values: VerificationFormValues,
  file: { name: string; type: string; size: number } | null,
): VerificationValidation {
  const result = verificationRequestSchema.safeParse(values);
  const fileProblem = checkVerificationFile(file);
  if (result.success && !fileProblem) return { ok: true, request: result.data };
  const errors: FieldErrors = result.success
    ? {}
    : fieldErrorsOf(
        result.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
      );
  // The contract lists the types in English; the form's select says it in the page's language.
  if (errors.documentType) errors.documentType = { key: ns('settings.verification.typeRequired') };
  if (fileProblem) errors.document = fileProblem;
  return { ok: false, errors };
}

/** The code the photo service refuses a PDF with when it carries scripts, actions or embedded files. */
export const documentActiveContentCode = 'DOCUMENT_ACTIVE_CONTENT';

/**
 * The form's errors from the server's answer: each field it refused, and a PDF with active content said in
 * the page's language (the service's own message is English).
 */
export function verificationServerErrors(body: {
  code?: string;
  errors?: { path: string; message: string }[];
}): FieldErrors {
  const errors = fieldErrorsOf(body.errors ?? []);
  if (body.code === documentActiveContentCode)
    errors.document = { key: ns('settings.verification.documentActiveContent') };
  return errors;
}

/** The multipart body of POST /api/advertisers/me/verification: the fields, then the file as `document`. */
export function verificationFormData(request: VerificationRequest, file: Blob & { name?: string }): FormData {
  const data = new FormData();
  data.set('documentType', request.documentType);
  data.set('documentNumber', request.documentNumber);
  data.set('issuingAuthority', request.issuingAuthority);
  data.set('document', file, file.name ?? 'document');
  return data;
}

/** How the verification state reads on the settings page: its badge and its explanation. */
export function verificationDisplay(state: VerificationState | string): {
  style: BadgeStyle;
  label: I18nText;
  text: I18nText;
} {
  const known = ['none', 'pending', 'verified', 'rejected'].includes(state) ? state : 'none';
  const styles: Record<string, BadgeStyle> = {
    none: 'outline',
    pending: 'secondary',
    verified: 'default',
    rejected: 'destructive',
  };
  return {
    style: styles[known] ?? 'outline',
    label: { key: ns(`verificationStatus.${known}`) },
    text: { key: ns(`settings.verification.${known}Text`) },
  };
}

/** A new document can be sent when there is none yet or the last was rejected. */
export const canSubmitVerification = (state: VerificationState | string) =>
  state === 'none' || state === 'rejected';
