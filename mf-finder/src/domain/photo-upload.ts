import { uploadPhotoFieldsSchema, type PhotoCategory } from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';

/** What the photo service accepts; checked here first so a wrong file fails before it is sent. */
export const photoUploadRules = {
  maxFileBytes: 10 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
  /** For the file picker: some browsers give HEIC files no type, so they are offered by name too. */
  accept: 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif',
  maxFiles: 10,
} as const;

// Chrome and Firefox on desktop report an iPhone's .heic as type ''; the server reads the type from the bytes.
const isUntypedHeic = (file: UploadFileLike) => file.type === '' && /\.(heic|heif)$/i.test(file.name);

export const uploadMessageKeys = {
  noFile: 'finder:upload.errors.noFile',
  tooMany: 'finder:upload.errors.tooMany',
  wrongType: 'finder:upload.errors.wrongType',
  tooLarge: 'finder:upload.errors.tooLarge',
  empty: 'finder:upload.errors.empty',
  captionTooLong: 'finder:upload.errors.captionTooLong',
  invalid: 'finder:upload.errors.invalid',
} as const;

export interface UploadFileLike {
  name: string;
  type: string;
  size: number;
}

export interface UploadFormValues {
  caption: string;
  category: PhotoCategory | '';
  isPublic: boolean;
}

export function initialUploadFormValues(): UploadFormValues {
  return { caption: '', category: '', isPublic: true };
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The first reason a file cannot be sent, or null. */
export function fileProblem(file: UploadFileLike): I18nText | null {
  if (!(photoUploadRules.mimeTypes as readonly string[]).includes(file.type) && !isUntypedHeic(file))
    return { key: uploadMessageKeys.wrongType, values: { name: file.name } };
  if (file.size === 0) return { key: uploadMessageKeys.empty, values: { name: file.name } };
  if (file.size > photoUploadRules.maxFileBytes)
    return {
      key: uploadMessageKeys.tooLarge,
      values: { name: file.name, max: megabytes(photoUploadRules.maxFileBytes) },
    };
  return null;
}

/** The multipart text fields, as the contract reads them (multipart values are strings). */
export function uploadFields(values: UploadFormValues, laundromatId: string | null): Record<string, string> {
  const fields: Record<string, string> = { isPublic: String(values.isPublic) };
  if (laundromatId) fields.laundromatId = laundromatId;
  if (values.caption.trim() !== '') fields.caption = values.caption.trim();
  if (values.category !== '') fields.category = values.category;
  return fields;
}

export interface UploadCheck {
  ok: boolean;
  files: I18nText | null;
  caption: I18nText | null;
  fields: Record<string, string>;
}

/** Every file and the fields, with the same rules the service applies. */
export function checkUpload(
  files: readonly UploadFileLike[],
  values: UploadFormValues,
  laundromatId: string | null,
): UploadCheck {
  const fields = uploadFields(values, laundromatId);
  let filesError: I18nText | null = null;
  if (files.length === 0) filesError = { key: uploadMessageKeys.noFile };
  else if (files.length > photoUploadRules.maxFiles)
    filesError = { key: uploadMessageKeys.tooMany, values: { max: photoUploadRules.maxFiles } };
  else filesError = files.map(fileProblem).find((problem) => problem !== null) ?? null;

  let captionError: I18nText | null = null;
  const parsed = uploadPhotoFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const captionIssue = parsed.error.issues.find((issue) => issue.path[0] === 'caption');
    captionError = { key: captionIssue ? uploadMessageKeys.captionTooLong : uploadMessageKeys.invalid };
  }
  return {
    ok: filesError === null && captionError === null,
    files: filesError,
    caption: captionError,
    fields,
  };
}

/** Whole percent sent so far; 0 until the size is known. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
