import { describe, expect, it } from 'vitest';
import {
  canManagePhoto,
  detectedText,
  filterByCategory,
  galleryMode,
  isAwaitingOcr,
  laundromatDetailPath,
  newestPhotosFirst,
  ocrWait,
  photoFetchError,
  photoImageUrl,
  photoListUrl,
  photoThumbnailUrl,
} from '../../src/domain/photo-display.ts';
import { readFinderUrl } from '../../src/domain/finder-url.ts';

const params = (query: string) => new URLSearchParams(query);
const userId = '2b1c7f0e-3a52-4c7e-9a55-0f3c1f1d2e11';
const laundromatId = '9d5b8a1c-6e4f-4b2a-8c3d-7e6f5a4b3c2d';

describe('gallery mode (docs/product.md, Pages: My Photos, Laundromat Photos, Photo Gallery)', () => {
  it.each([
    ['', { kind: 'all' }],
    [`userId=${userId}`, { kind: 'user', userId }],
    [`laundromatId=${laundromatId}`, { kind: 'laundromat', laundromatId }],
    [`userId=${userId}&laundromatId=${laundromatId}`, { kind: 'user', userId }],
    ['userId=%20%20', { kind: 'all' }],
  ])('when the address has ?%s, then the mode is %o', (query, mode) => {
    expect(galleryMode(params(query))).toEqual(mode);
  });
});

describe('photo list call (docs/product.md, API calls)', () => {
  it.each([
    [{ kind: 'all' } as const, 'all' as const, '/api/photos'],
    [{ kind: 'all' } as const, 'prices' as const, '/api/photos?category=prices'],
    [{ kind: 'user', userId } as const, 'prices' as const, `/api/photos/user/${userId}`],
    [{ kind: 'laundromat', laundromatId } as const, 'interior' as const, `/api/photos/${laundromatId}`],
  ])('when the mode is %o and the category %s, then the call is %s', (mode, category, url) => {
    expect(photoListUrl(mode, category)).toBe(url);
  });

  it('when a user or laundromat list is filtered by category, then only that category is kept', () => {
    const photos = [{ category: 'prices' as const }, { category: 'machines' as const }, { category: null }];
    expect(filterByCategory(photos, 'prices')).toEqual([{ category: 'prices' }]);
    expect(filterByCategory(photos, 'all')).toEqual(photos);
  });
});

describe('photo fetch errors (docs/product.md, Errors)', () => {
  it.each([
    [401, 'Unauthorized', { key: 'finder:messages.photos.signIn' }],
    [403, 'Forbidden', { key: 'finder:messages.photos.forbidden' }],
    [
      500,
      'Internal Server Error',
      { key: 'finder:messages.photos.fetchFailed', values: { status: 'Internal Server Error' } },
    ],
    [502, '', { key: 'finder:messages.photos.fetchFailed', values: { status: '502' } }],
  ])('when the answer is %i %s, then the message is %o', (status, statusText, message) => {
    expect(photoFetchError(status, statusText)).toEqual(message);
  });
});

describe('photo image address (docs/product.md, Pages: /objects/{path} when no publicUrl)', () => {
  it.each([
    [
      { publicUrl: 'https://cdn.example.test/a.jpg', privateUrl: 'uploads/a.jpg' },
      'https://cdn.example.test/a.jpg',
    ],
    [{ publicUrl: null, privateUrl: 'uploads/a.jpg' }, '/objects/uploads/a.jpg'],
    [{ publicUrl: null, privateUrl: '/uploads/a.jpg' }, '/objects/uploads/a.jpg'],
    [{ publicUrl: null, privateUrl: '/objects/uploads/a.jpg' }, '/objects/uploads/a.jpg'],
    [{ publicUrl: null, privateUrl: 'objects/uploads/a.jpg' }, '/objects/uploads/a.jpg'],
    [{ publicUrl: null, privateUrl: null }, null],
  ])('when the photo has %o, then the image is %s', (photo, src) => {
    expect(photoImageUrl(photo)).toBe(src);
  });
});

describe('owner actions and detected text', () => {
  it.each([
    [userId, true, true],
    [userId, false, false],
    [null, true, false],
    [undefined, false, false],
  ])('when the viewer is %s and the photo mine is %s, then managing is %s', (viewer, mine, allowed) => {
    expect(canManagePhoto({ mine }, viewer)).toBe(allowed);
  });

  it.each([
    ['WASH $3.50', 'WASH $3.50'],
    ['  DRY 25c \n', 'DRY 25c'],
    ['   ', null],
    [null, null],
  ])('when the extracted text is %j, then Detected text shows %j', (extractedText, shown) => {
    expect(detectedText({ extractedText })).toBe(shown);
  });
});

describe('waiting for OCR', () => {
  const now = Date.parse('2025-10-21T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it.each([
    [[{ isProcessed: false, createdAt: ago(5_000) }], true],
    [[{ isProcessed: true, createdAt: ago(5_000) }], false],
    [[{ isProcessed: false, createdAt: ago(ocrWait.windowMs + 1) }], false],
    [[], false],
  ])('when the photos are %j, then the gallery keeps asking: %s', (photos, waiting) => {
    expect(isAwaitingOcr(photos, now)).toBe(waiting);
  });

  it('when photos arrive in any order, then the newest is first', () => {
    const photos = [{ createdAt: ago(3000) }, { createdAt: ago(1000) }, { createdAt: ago(2000) }];
    expect(newestPhotosFirst(photos).map((p) => p.createdAt)).toEqual([ago(1000), ago(2000), ago(3000)]);
  });
});

describe('thumbnail address', () => {
  it('when the service made a thumbnail, then grids use it, else the full image', () => {
    expect(
      photoThumbnailUrl({ thumbnailUrl: '/objects/t.webp', publicUrl: null, privateUrl: 'a.webp' }),
    ).toBe('/objects/t.webp');
    expect(photoThumbnailUrl({ publicUrl: null, privateUrl: 'a.webp' })).toBe('/objects/a.webp');
    expect(photoThumbnailUrl({ thumbnailUrl: null, publicUrl: null, privateUrl: null })).toBeNull();
  });
});

describe('laundromatDetailPath', () => {
  it("when a photo's laundromat is named, then its link opens the finder with that laundromat's detail", () => {
    const path = laundromatDetailPath(laundromatId);
    expect(path).toBe(`/?l=${laundromatId}`);
    expect(readFinderUrl(new URL(path, 'https://finder.example').searchParams).laundromatId).toBe(
      laundromatId,
    );
  });
});
