import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adImagePathPattern, photoSchema, photoUploadedV1, type Photo } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { listenForEvents, type EventListener } from '../../../directory/test/support/directory-stack.ts';
import {
  addLaundromat,
  countPhotoRows,
  pixelBombPng,
  request,
  solidImage,
  startPhotoStack,
  storedFiles,
  upload,
  type TestStack,
} from '../support/photo-stack.ts';

interface ErrorBody {
  message: string;
  code?: string;
}

let stack: TestStack;
let alice: Session;
let listener: EventListener;
let laundromatId: string;

beforeAll(async () => {
  stack = await startPhotoStack();
  alice = await signUp(stack.baseUrl);
  listener = await listenForEvents(stack, [photoUploadedV1]);
  laundromatId = await addLaundromat(stack);
});

afterAll(async () => {
  await stack?.stop();
  await listener?.removeQueues();
});

// Each refusal is checked against an empty store: no row, no file.
let rowsBefore: number;
let filesBefore: string[];
beforeEach(async () => {
  rowsBefore = await countPhotoRows(stack);
  filesBefore = await storedFiles(stack);
});
async function expectNothingStored(): Promise<void> {
  expect(await countPhotoRows(stack)).toBe(rowsBefore);
  expect(await storedFiles(stack)).toEqual(filesBefore);
}

describe('POST /api/photos', () => {
  it('when a signed-in user uploads a JPEG, then it answers 201 with the photo and stores WebP images', async () => {
    const jpeg = await solidImage(800, 600, 'jpeg');
    const answer = await upload(stack, alice, {
      bytes: jpeg,
      fileName: 'board.jpg',
      declaredType: 'image/jpeg',
      fields: { laundromatId, caption: '  Prices by the door  ', category: 'prices', isPublic: 'true' },
    });

    expect(answer.status).toBe(201);
    const photo = photoSchema.parse(answer.body);
    expect(photo).toMatchObject({
      laundromatId,
      mine: true,
      fileSize: jpeg.length,
      mimeType: 'image/jpeg',
      publicUrl: null,
      caption: 'Prices by the door',
      category: 'prices',
      isPublic: true,
      extractedText: null,
    });
    expect(photo.privateUrl).toMatch(/^\/objects\/photos\/[0-9a-f]{2}\/[0-9a-f-]{36}-display\.webp$/);

    const image = await fetch(`${stack.baseUrl}${photo.privateUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=86400');
    const stored = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 800, height: 600 });

    const thumbnail = await fetch(`${stack.baseUrl}${photo.thumbnailUrl}`);
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 360,
    });
  });

  it('when a photo is uploaded, then photo.uploaded.v1 is delivered with its storage path', async () => {
    const answer = await upload(stack, alice, {
      bytes: await solidImage(64, 64),
      fields: { category: 'machines' },
    });
    expect(answer.status).toBe(201);
    const event = await listener.waitFor(
      (candidate) => (candidate.data as { photoId?: string }).photoId === answer.body.id,
    );
    expect(event).toMatchObject({
      type: photoUploadedV1,
      producer: 'photo',
      data: {
        photoId: answer.body.id,
        laundromatId: null,
        userId: alice.user.id,
        mimeType: 'image/png',
        category: 'machines',
        isPublic: true,
      },
    });
  });

  it('when a sideways phone photo with location metadata is uploaded, then it is stored upright without metadata', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();

    const answer = await upload(stack, alice, { bytes: sideways, fileName: 'IMG_0001.JPG' });
    expect(answer.status).toBe(201);
    const image = Buffer.from(await (await fetch(`${stack.baseUrl}${answer.body.privateUrl}`)).arrayBuffer());
    const stored = await sharp(image).metadata();
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 200, height: 300 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it.each(['png', 'webp'] as const)('when a %s image is uploaded, then it is accepted', async (format) => {
    const answer = await upload(stack, alice, {
      bytes: await solidImage(50, 40, format),
      fileName: `a.${format}`,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.mimeType).toBe(`image/${format}`);
  });

  it('when nobody is signed in, then it answers 401 and stores nothing', async () => {
    const answer = await upload<ErrorBody>(stack, undefined, { bytes: await solidImage(20, 20) });
    expect(answer.status).toBe(401);
    await expectNothingStored();
  });

  it('when a text file is named .png, then it answers 415 naming the accepted types and stores nothing', async () => {
    const answer = await upload<ErrorBody>(stack, alice, {
      bytes: Buffer.from('this is not a picture, only some text\n'.repeat(20)),
      fileName: 'prices.png',
      declaredType: 'image/png',
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('Only JPEG, PNG, WebP and HEIC photos can be uploaded.');
    await expectNothingStored();
  });

  it('when a GIF is uploaded, then it answers 415', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload<ErrorBody>(stack, alice, { bytes: gif, fileName: 'a.gif' })).status).toBe(415);
    await expectNothingStored();
  });

  it('when a small file would decode to 20000 × 20000 pixels, then it answers 413 before decoding and stores nothing', async () => {
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    const answer = await upload<ErrorBody>(stack, alice, { bytes: bomb, fileName: 'huge.png' });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'The photo is 20000 × 20000 pixels; photos may have at most 40 megapixels.',
    });
    await expectNothingStored();
  });

  it('when the file is larger than 10 MB, then it answers 413 and stores nothing', async () => {
    const big = Buffer.concat([await solidImage(100, 100, 'jpeg'), randomBytes(10 * 1024 * 1024)]);
    const answer = await upload<ErrorBody>(stack, alice, { bytes: big, fileName: 'big.jpg' });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The photo is larger than 10 MB. Please choose a smaller one.');
    await expectNothingStored();
  });

  it('when the file is a damaged JPEG, then it answers 422 and stores nothing', async () => {
    const jpeg = await solidImage(400, 300, 'jpeg');
    const damaged = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(jpeg.length - 200, 0)]);
    const answer = await upload<ErrorBody>(stack, alice, { bytes: damaged, fileName: 'broken.jpg' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The photo could not be read; the file may be damaged.');
    await expectNothingStored();
  });

  it('when a HEIC photo (as iPhones take them) is uploaded, then it is decoded and stored as WebP', async () => {
    // A real HEIC (HEVC) image made with libheif's heif-enc: the libvips inside sharp reads its header but
    // decodes no HEVC, so the service decodes it with libheif (WebAssembly) first.
    const heic = await readFile(new URL('../support/fixtures/solid-64x48.heic', import.meta.url));
    expect(await sharp(heic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: 64 });
    const answer = await upload<Photo>(stack, alice, {
      bytes: heic,
      fileName: 'IMG_0002.HEIC',
      declaredType: 'image/heic',
    });

    expect(answer.status).toBe(201);
    expect(answer.body.mimeType).toBe('image/heic');
    const image = Buffer.from(await (await fetch(`${stack.baseUrl}${answer.body.privateUrl}`)).arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it.each([
    [{ category: 'kitchen' }, 'Category must be one of prices, machines, amenities, exterior, interior'],
    [{ isPublic: 'maybe' }, "isPublic must be 'true' or 'false'"],
    [{ caption: 'x'.repeat(501) }, 'Caption must be at most 500 characters'],
    [{ laundromatId: 'not-an-id' }, 'Must be a valid id'],
  ])('when the fields are %j, then it answers 400 "%s" and stores nothing', async (fields, message) => {
    const answer = await upload<ErrorBody>(stack, alice, { bytes: await solidImage(20, 20), fields });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    await expectNothingStored();
  });

  it('when the laundromat does not exist, then it answers 404 and stores nothing', async () => {
    const answer = await upload<ErrorBody>(stack, alice, {
      bytes: await solidImage(20, 20),
      fields: { laundromatId: '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Laundromat not found');
    await expectNothingStored();
  });

  it('when the form has no file, then it answers 400', async () => {
    const form = new FormData();
    form.append('caption', 'no picture');
    const response = await fetch(`${stack.baseUrl}/api/photos`, {
      method: 'POST',
      headers: { cookie: alice.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe(
      "Choose a photo to upload (a file in the field 'file').",
    );
    await expectNothingStored();
  });

  it('when the body is JSON rather than a form, then it answers 415', async () => {
    const answer = await request<ErrorBody>(stack, alice, '/api/photos', {
      method: 'POST',
      body: { caption: 'x' },
    });
    expect(answer.status).toBe(415);
    await expectNothingStored();
  });

  it('when two files are sent, then it answers 400 and stores nothing', async () => {
    const form = new FormData();
    const png = await solidImage(20, 20);
    form.append('file', new Blob([new Uint8Array(png)]), 'a.png');
    form.append('file', new Blob([new Uint8Array(png)]), 'b.png');
    const response = await fetch(`${stack.baseUrl}/api/photos`, {
      method: 'POST',
      headers: { cookie: alice.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    await expectNothingStored();
  });

  /** A hand-made multipart body, so it can be broken in ways FormData never would. */
  const rawUpload = (body: string, boundary = 'XyZboundary') =>
    fetch(`${stack.baseUrl}/api/photos`, {
      method: 'POST',
      headers: { cookie: alice.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });

  it('when the file part never reaches its closing boundary, then it answers 400 and the service still answers', async () => {
    const body =
      `--XyZboundary\r\nContent-Disposition: form-data; name="laundromatId"\r\n\r\n${laundromatId}\r\n` +
      '--XyZboundary\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n' +
      `Content-Type: image/jpeg\r\n\r\n${'\xff\xd8\xff\xe0'.repeat(100)}`;

    const response = await rawUpload(body);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'MALFORMED_MULTIPART' });
    expect((await fetch(`${stack.baseUrl}/api/photos`)).status).toBe(200);
    await expectNothingStored();
  });

  it('when a text field holds a NUL character, then it answers 400 naming the field and stores nothing', async () => {
    const form = new FormData();
    form.append('laundromatId', laundromatId);
    form.append('caption', 'Price\u0000board');
    form.append('file', new Blob([new Uint8Array(await solidImage(20, 20))]), 'a.png');

    const response = await fetch(`${stack.baseUrl}/api/photos`, {
      method: 'POST',
      headers: { cookie: alice.cookie },
      body: form,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'NUL_CHARACTER',
      message: expect.stringContaining("'caption'"),
    });
    await expectNothingStored();
  });
});

describe('POST /api/photos/ad-image', () => {
  const uploadAdImage = (session: Session | undefined, bytes: Buffer, fileName = 'ad.png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
    return fetch(`${stack.baseUrl}/api/photos/ad-image`, {
      method: 'POST',
      headers: session ? { cookie: session.cookie } : {},
      body: form,
    });
  };

  it('when an advertiser uploads a large PNG, then it is resized to WebP and served publicly from our own origin', async () => {
    const answer = await uploadAdImage(alice, await solidImage(3000, 1500));
    expect(answer.status).toBe(201);
    const { imageUrl } = (await answer.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(adImagePathPattern);
    // Anyone may load it (it is shown to every visitor the ad is served to), without a session.
    const served = await fetch(`${stack.baseUrl}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/webp');
    expect(served.headers.get('cache-control')).toContain('public');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 600]);
    // No photo row: an ad's image is no laundromat photo and is in no gallery.
    expect(await countPhotoRows(stack)).toBe(rowsBefore);
  });

  it('when the file is not an image, then it answers 415 and stores nothing; signed out, 401', async () => {
    const text = await uploadAdImage(alice, Buffer.from('not an image at all\n'.repeat(30)), 'ad.png');
    expect(text.status).toBe(415);
    expect(((await text.json()) as ErrorBody).message).toBe(
      'Only JPEG, PNG, WebP and HEIC photos can be uploaded.',
    );
    await expectNothingStored();
    expect((await uploadAdImage(undefined, await solidImage(20, 20))).status).toBe(401);
    await expectNothingStored();
  });
});
