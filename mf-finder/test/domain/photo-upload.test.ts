import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  fileProblem,
  initialUploadFormValues,
  photoUploadRules,
  uploadFields,
  uploadPercent,
} from '../../src/domain/photo-upload.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size });
const board = file('board.png', 'image/png', 120_000);
const laundromatId = '9d5b8a1c-6e4f-4b2a-8c3d-7e6f5a4b3c2d';

describe('upload file rules (the photo service applies the same)', () => {
  it.each([
    [file('a.jpg', 'image/jpeg', 1), null],
    [file('a.webp', 'image/webp', photoUploadRules.maxFileBytes), null],
    [file('IMG_0001.HEIC', 'image/heic', 2_000_000), null],
    [file('IMG_0002.heic', '', 2_000_000), null],
    [file('notes.txt', '', 10), { key: 'finder:upload.errors.wrongType', values: { name: 'notes.txt' } }],
    [file('a.gif', 'image/gif', 10), { key: 'finder:upload.errors.wrongType', values: { name: 'a.gif' } }],
    [
      file('a.pdf', 'application/pdf', 10),
      { key: 'finder:upload.errors.wrongType', values: { name: 'a.pdf' } },
    ],
    [file('a.png', 'image/png', 0), { key: 'finder:upload.errors.empty', values: { name: 'a.png' } }],
    [
      file('big.jpg', 'image/jpeg', photoUploadRules.maxFileBytes + 1),
      { key: 'finder:upload.errors.tooLarge', values: { name: 'big.jpg', max: 10 } },
    ],
  ])('when the file is %o, then the problem is %o', (input, problem) => {
    expect(fileProblem(input)).toEqual(problem);
  });
});

describe('upload check', () => {
  it('when no file is chosen, then at least one is asked for', () => {
    const check = checkUpload([], initialUploadFormValues(), null);
    expect(check.ok).toBe(false);
    expect(check.files).toEqual({ key: 'finder:upload.errors.noFile' });
  });

  it('when more files than allowed are chosen, then the limit is named', () => {
    const files = Array.from({ length: photoUploadRules.maxFiles + 1 }, () => board);
    expect(checkUpload(files, initialUploadFormValues(), null).files).toEqual({
      key: 'finder:upload.errors.tooMany',
      values: { max: photoUploadRules.maxFiles },
    });
  });

  it('when one of several files is wrong, then that file is named', () => {
    const check = checkUpload([board, file('notes.txt', 'text/plain', 5)], initialUploadFormValues(), null);
    expect(check.files).toEqual({ key: 'finder:upload.errors.wrongType', values: { name: 'notes.txt' } });
  });

  it('when the caption is longer than the contract allows, then the caption is too long', () => {
    const check = checkUpload([board], { ...initialUploadFormValues(), caption: 'x'.repeat(501) }, null);
    expect(check.ok).toBe(false);
    expect(check.caption).toEqual({ key: 'finder:upload.errors.captionTooLong' });
  });

  it('when everything is right, then the fields are the multipart strings the service reads', () => {
    const check = checkUpload(
      [board],
      { caption: ' Price board ', category: 'prices', isPublic: false },
      laundromatId,
    );
    expect(check).toMatchObject({ ok: true, files: null, caption: null });
    expect(check.fields).toEqual({
      laundromatId,
      caption: 'Price board',
      category: 'prices',
      isPublic: 'false',
    });
  });

  it('when nothing optional is given, then only isPublic is sent', () => {
    expect(uploadFields(initialUploadFormValues(), null)).toEqual({ isPublic: 'true' });
  });
});

describe('upload progress', () => {
  it.each([
    [0, 100, 0],
    [50, 200, 25],
    [199, 200, 99],
    [200, 200, 100],
    [10, 0, 0],
    [300, 200, 100],
  ])('when %i of %i bytes are sent, then it reads %i%%', (loaded, total, percent) => {
    expect(uploadPercent(loaded, total)).toBe(percent);
  });
});
