import { describe, expect, it } from 'vitest';
import { checkPhotoEdit, photoEditValues } from '../../src/domain/photo-edit.ts';

describe('photo edit: caption optional, category one of 5, isPublic a boolean', () => {
  it('when a photo is edited, then the form starts from its values', () => {
    expect(photoEditValues({ caption: null, category: 'machines', isPublic: false })).toEqual({
      caption: '',
      category: 'machines',
      isPublic: false,
    });
  });

  it('when the caption is cleared, then the request clears it', () => {
    expect(checkPhotoEdit({ caption: '  ', category: 'prices', isPublic: true })).toEqual({
      ok: true,
      request: { caption: null, category: 'prices', isPublic: true },
    });
  });

  it('when the caption is given, then it is trimmed', () => {
    expect(checkPhotoEdit({ caption: ' Board ', category: 'exterior', isPublic: false })).toEqual({
      ok: true,
      request: { caption: 'Board', category: 'exterior', isPublic: false },
    });
  });

  it('when no category is chosen, then one is asked for', () => {
    expect(checkPhotoEdit({ caption: '', category: '', isPublic: true })).toEqual({
      ok: false,
      errors: { category: { key: 'finder:gallery.errors.categoryRequired' } },
    });
  });

  it('when the caption is too long, then it says so', () => {
    expect(checkPhotoEdit({ caption: 'x'.repeat(501), category: 'prices', isPublic: true })).toEqual({
      ok: false,
      errors: { caption: { key: 'finder:upload.errors.captionTooLong' } },
    });
  });
});
