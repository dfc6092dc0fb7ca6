import {
  updatePhotoRequestSchema,
  type Photo,
  type PhotoCategory,
  type UpdatePhotoRequest,
} from '@laundry/contracts';
import type { I18nText } from './i18n-text.ts';

export interface PhotoEditValues {
  caption: string;
  category: PhotoCategory | '';
  isPublic: boolean;
}

export const photoEditMessageKeys = {
  categoryRequired: 'finder:gallery.errors.categoryRequired',
  captionTooLong: 'finder:upload.errors.captionTooLong',
} as const;

export function photoEditValues(photo: Pick<Photo, 'caption' | 'category' | 'isPublic'>): PhotoEditValues {
  return { caption: photo.caption ?? '', category: photo.category ?? '', isPublic: photo.isPublic };
}

export type PhotoEditCheck =
  | { ok: true; request: UpdatePhotoRequest }
  | { ok: false; errors: Partial<Record<'caption' | 'category', I18nText>> };

/** Photo edit (docs/product.md, Validation): caption optional text, category one of 5, isPublic a boolean. */
export function checkPhotoEdit(values: PhotoEditValues): PhotoEditCheck {
  const parsed = updatePhotoRequestSchema.safeParse({
    caption: values.caption.trim() === '' ? null : values.caption,
    category: values.category === '' ? undefined : values.category,
    isPublic: values.isPublic,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<'caption' | 'category', I18nText>> = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'caption') errors.caption = { key: photoEditMessageKeys.captionTooLong };
    if (issue.path[0] === 'category') errors.category = { key: photoEditMessageKeys.categoryRequired };
  }
  return { ok: false, errors };
}
