import { describe, expect, it } from 'vitest';
import { photoCategories, photoListQuerySchema, updatePhotoRequestSchema } from '../src/index.ts';
import { messagesOf } from './support.ts';

describe('updatePhotoRequestSchema', () => {
  it.each(photoCategories)('when the category is %s, then it is accepted', (category) => {
    expect(
      updatePhotoRequestSchema.safeParse({ category, caption: 'Price board', isPublic: false }).success,
    ).toBe(true);
  });

  it.each([
    [{ category: 'selfie' }, 'Category must be one of prices, machines, amenities, exterior, interior'],
    [{ category: 'prices', isPublic: 'yes' }, 'isPublic must be true or false'],
    [{ category: 'prices', caption: 'x'.repeat(501) }, 'Caption must be at most 500 characters'],
  ])('when the body is %j, then it fails with a clear message', (input, message) => {
    expect(messagesOf(updatePhotoRequestSchema, input)).toContain(message);
  });
});

describe('photoListQuerySchema', () => {
  it("when the category is 'all' or absent, then it is accepted", () => {
    expect(photoListQuerySchema.parse({ category: 'all' })).toEqual({ category: 'all' });
    expect(photoListQuerySchema.parse({})).toEqual({});
  });
});
