import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoOcrCompletedV2, type Laundromat, type Photo } from '@laundry/contracts';
import { signUp, type Session } from '../../../../test/support/session.ts';
import { listenForEvents, type EventListener } from '../../../directory/test/support/directory-stack.ts';
import {
  addLaundromat,
  priceBoard,
  request,
  startPhotoStack,
  upload,
  type TestStack,
} from '../support/photo-stack.ts';

let stack: TestStack;
let alice: Session;
let listener: EventListener;

beforeAll(async () => {
  stack = await startPhotoStack();
  alice = await signUp(stack.baseUrl);
  listener = await listenForEvents(stack, [photoOcrCompletedV2]);
});

afterAll(async () => {
  await stack?.stop();
  await listener?.removeQueues();
});

async function processedPhoto(photoId: string, laundromatId: string): Promise<Photo> {
  let found: Photo | undefined;
  await expect
    .poll(
      async () => {
        const list = await request<Photo[]>(stack, alice, `/api/photos/${laundromatId}`);
        found = list.body.find((photo) => photo.id === photoId);
        return found?.isProcessed;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return found!;
}

describe('a photo of a price board', () => {
  it('when it is uploaded, then OCR stores its text, prices and services, and the directory fills the prices it lacked', async () => {
    const laundromatId = await addLaundromat(stack, { washPriceLarge: 6, currency: 'USD' });
    const board = await priceBoard([
      'SELF SERVICE LAUNDRY - PRICES',
      'Small washer $3.50 per load',
      'Large washer $5.25 / load',
      'Dryer $1.00 per 15 min',
      'Wash & Fold $1.75/lb',
      'Free WiFi - Cards accepted',
    ]);
    const uploaded = await upload(stack, alice, {
      bytes: board,
      fileName: 'board.jpg',
      fields: { laundromatId, category: 'prices' },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.isProcessed).toBe(false);

    const photo = await processedPhoto(uploaded.body.id, laundromatId);
    expect(photo.extractedText).toContain('Small washer $3.50 per load');
    expect(photo.ocrConfidence).toBeGreaterThan(70);
    expect(photo.ocrMetadata).toMatchObject({ engine: 'tesseract.js', oem: 'LSTM_ONLY' });
    expect(photo.detectedPrices).toEqual([
      { amount: 3.5, currency: 'USD', unit: 'load', item: 'wash small' },
      { amount: 5.25, currency: 'USD', unit: 'load', item: 'wash large' },
      { amount: 1, currency: 'USD', unit: '15min', item: 'dry' },
      { amount: 1.75, currency: 'USD', unit: 'lb', item: 'wash and fold' },
    ]);
    expect(photo.detectedServices).toEqual(['self-service', 'wash-and-fold', 'card-payment', 'wifi']);

    const event = await listener.waitFor(
      (candidate) => (candidate.data as { photoId?: string }).photoId === photo.id,
    );
    expect(event).toMatchObject({
      type: photoOcrCompletedV2,
      producer: 'photo-ocr-worker',
      // The event's amounts are exact text; the API's photo keeps its numbers.
      data: {
        laundromatId,
        detectedPrices: [
          { amount: '3.50', currency: 'USD', unit: 'load', item: 'wash small' },
          { amount: '5.25', currency: 'USD', unit: 'load', item: 'wash large' },
          { amount: '1.00', currency: 'USD', unit: '15min', item: 'dry' },
          { amount: '1.75', currency: 'USD', unit: 'lb', item: 'wash and fold' },
        ],
      },
    });

    // The directory fills the small wash and the 15-minute dryer, and keeps the large wash it already knew.
    await expect
      .poll(
        async () =>
          (await request<Laundromat>(stack, undefined, `/api/laundromats/${laundromatId}`)).body
            .washPriceSmall,
        { timeout: 15_000 },
      )
      .toBe(3.5);
    const laundromat = (await request<Laundromat>(stack, undefined, `/api/laundromats/${laundromatId}`)).body;
    expect(laundromat).toMatchObject({
      washPriceSmall: 3.5,
      washPriceLarge: 6,
      dryPrice15min: 1,
      dryPrice30min: null,
    });
    const suggestions = await stack.directoryDb.query<{ priceField: string | null; applied: boolean }>(
      `SELECT price_field AS "priceField", applied FROM price_suggestions WHERE photo_id = $1 ORDER BY position`,
      [photo.id],
    );
    expect(suggestions).toEqual([
      { priceField: 'washPriceSmall', applied: true },
      { priceField: 'washPriceLarge', applied: false },
      { priceField: 'dryPrice15min', applied: true },
      { priceField: null, applied: false },
    ]);
  });

  it('when a board is in euros, then the prices are read with their currency', async () => {
    const laundromatId = await addLaundromat(stack, { currency: 'EUR', latitude: 48.85, longitude: 2.35 });
    const board = await priceBoard(['LAVERIE', 'Lavage 8 kg 4,50 €', 'Séchage 30 min 2,00 €'], 'png');
    const uploaded = await upload(stack, alice, {
      bytes: board,
      fields: { laundromatId, category: 'prices' },
    });
    const photo = await processedPhoto(uploaded.body.id, laundromatId);
    expect(photo.detectedPrices).toEqual([
      { amount: 4.5, currency: 'EUR', unit: null, item: 'wash' },
      { amount: 2, currency: 'EUR', unit: '30min', item: 'dry' },
    ]);
  });

  it('when a photo has no text, then it is processed with nothing detected', async () => {
    const laundromatId = await addLaundromat(stack);
    const blank = await priceBoard([], 'png');
    const uploaded = await upload(stack, alice, {
      bytes: blank,
      fields: { laundromatId, category: 'exterior' },
    });
    const photo = await processedPhoto(uploaded.body.id, laundromatId);
    expect(photo).toMatchObject({ extractedText: '', detectedPrices: [], detectedServices: [] });
  });
});
