import { checklistItems } from '@laundry/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import { galleryTitleKeys, photoMessageKeys } from '../../src/domain/photo-display.ts';
import { photoEditMessageKeys } from '../../src/domain/photo-edit.ts';
import { uploadMessageKeys } from '../../src/domain/photo-upload.ts';
import { checklistLabels, reviewDisplayKeys } from '../../src/domain/review-display.ts';
import { reviewMessageKeys } from '../../src/domain/review-form.ts';

/** English text of 'namespace:dotted.path', or of its '_other' plural form when asked. */
function english(key: string, plural = false): unknown {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = (en as Record<string, unknown>)[namespace];
  const parts = path.split('.');
  if (plural) parts[parts.length - 1] += '_other';
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

const keys = [
  ...Object.values(reviewMessageKeys),
  ...Object.values(reviewDisplayKeys).filter((key) => key !== reviewDisplayKeys.viewAll),
  ...Object.values(galleryTitleKeys),
  ...Object.values(photoMessageKeys),
  ...Object.values(uploadMessageKeys),
  ...Object.values(photoEditMessageKeys),
];

describe('message keys of the review and photo rules', () => {
  it.each(keys)('when %s is looked up in en.json, then it has English text', (key) => {
    expect(english(key)).toEqual(expect.any(String));
  });

  it("when 'View all N reviews' is looked up, then it has plural forms", () => {
    expect(english(reviewDisplayKeys.viewAll, true)).toBe('View all {{count}} reviews');
  });

  it.each(checklistItems)(
    'when checklist item $id is shown in English, then it reads $label',
    ({ id, label }) => {
      const [text] = checklistLabels([id]);
      expect(english(text?.key ?? '')).toBe(label);
    },
  );

  it.each([
    [reviewMessageKeys.overallRequired, 'Overall rating is required'],
    [reviewMessageKeys.signInForReview, 'Please sign in to submit a review'],
    [reviewMessageKeys.ratingRequiredTitle, 'Rating required'],
    [reviewMessageKeys.ratingRequiredText, 'Please provide an overall rating'],
    [reviewDisplayKeys.anonymousUser, 'Anonymous User'],
    [galleryTitleKeys.user, 'My Photos'],
    [galleryTitleKeys.laundromat, 'Laundromat Photos'],
    [galleryTitleKeys.all, 'Photo Gallery'],
    [photoMessageKeys.signIn, 'Please sign in to view photos'],
    [photoMessageKeys.forbidden, 'You do not have permission to view these photos'],
    [photoMessageKeys.fetchFailed, 'Failed to fetch photos: {{status}}'],
    ['finder:gallery.empty', 'No photos found'],
    ['finder:gallery.loadFailed', 'Failed to load photos. Please try again later.'],
    ['finder:messages.reviews.submitFailed', 'Failed to submit review'],
    ['finder:messages.photos.updated', 'Photo updated successfully'],
    ['finder:messages.photos.deleted', 'Photo deleted successfully'],
  ])('when %s is shown in English, then it is the product copy', (key, text) => {
    expect(english(key)).toBe(text);
  });

  it("when the count line is looked up, then it reads 'Showing N photo(s)'", () => {
    expect(english('finder:gallery.showing_one')).toBe('Showing {{count}} photo');
    expect(english('finder:gallery.showing', true)).toBe('Showing {{count}} photos');
  });
});
