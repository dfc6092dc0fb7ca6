import { describe, expect, it, vi } from 'vitest';
import type { DirectoryClient } from '@laundry/contracts';
import { listGallery, type PhotoDeps } from '../../src/domain/photos.ts';
import type { PhotoRow } from '../../src/domain/photo-store.ts';

const laundromatId = '3b9a1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const row = (id: string, placed: boolean): PhotoRow => ({
  id,
  laundromatId: placed ? laundromatId : null,
  userId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  fileName: 'photo.png',
  fileSize: 100,
  mimeType: 'image/png',
  publicUrl: null,
  privateUrl: `/objects/photos/${id}.webp`,
  objectPath: `photos/${id}.webp`,
  thumbnailPath: `photos/${id}-thumb.webp`,
  caption: null,
  category: 'machines',
  extractedText: null,
  ocrConfidence: null,
  ocrMetadata: null,
  detectedPrices: null,
  detectedServices: null,
  isPublic: true,
  isProcessed: true,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  byOwner: false,
});

function deps(directory: Partial<DirectoryClient>): PhotoDeps {
  const rows = [
    row('a1b2c3d4-0000-4000-8000-000000000001', true),
    row('a1b2c3d4-0000-4000-8000-000000000002', false),
  ];
  return {
    photos: { list: async () => rows },
    directory,
    logger: { warn: vi.fn() },
  } as unknown as PhotoDeps;
}

describe('listGallery', () => {
  it('when the directory names the laundromats, then it asks once, for the ids the photos have', async () => {
    const laundromatNames = vi.fn(async () => new Map([[laundromatId, 'Suds Coin Laundry']]));
    const photos = await listGallery(deps({ laundromatNames }), undefined, undefined);
    expect(laundromatNames).toHaveBeenCalledExactlyOnceWith([laundromatId]);
    expect(photos.map((photo) => photo.laundromatName)).toEqual(['Suds Coin Laundry', null]);
  });

  it('when the directory cannot answer, then the photos are still listed, without names, and it is logged', async () => {
    const failing = deps({ laundromatNames: async () => Promise.reject(new Error('directory down')) });
    const photos = await listGallery(failing, undefined, undefined);
    expect(photos.map((photo) => [photo.id.slice(-1), photo.laundromatName])).toEqual([
      ['1', null],
      ['2', null],
    ]);
    expect(failing.logger?.warn).toHaveBeenCalledOnce();
  });
});
