import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  photoOcrCompletedV1,
  photoOcrCompletedV2,
  type DetectedPrice,
  type Laundromat,
  type PhotoOcrCompletedV1,
} from '@laundry/contracts';
import type { EventEnvelope } from '@laundry/platform/bus';
import { eventually, silentLogger } from '../../../../test/support/servers.ts';
import { consumerHarness, type ConsumerHarness } from '../../../../test/support/event-harness.ts';
import { photoOcrCompletedHandler } from '../../src/consumers/photo-ocr-completed.handler.ts';
import { createPriceSuggestionRepository } from '../../src/infra/price-suggestion-repository.ts';
import {
  fixture,
  getJson,
  insertFixtures,
  startDirectoryStack,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let harness: ConsumerHarness;
const MAX_ATTEMPTS = 3;
const suggestions = createPriceSuggestionRepository();

beforeAll(async () => {
  stack = await startDirectoryStack();
  // The directory's own handler on a queue of the test's, so retries take milliseconds.
  harness = consumerHarness('directory-ocr-test');
  const handler = photoOcrCompletedHandler({ db: stack.directoryDb, suggestions, logger: silentLogger });
  harness.subscribe(photoOcrCompletedV2, handler, MAX_ATTEMPTS);
  harness.subscribe(photoOcrCompletedV1, handler, MAX_ATTEMPTS);
  await harness.start();
});

afterAll(async () => {
  await harness?.stop();
  await stack?.stop();
});

const laundromat = async (id: string) => (await getJson<Laundromat>(stack, `/api/laundromats/${id}`)).body;

function ocrEvent(laundromatId: string | null, detectedPrices: DetectedPrice[]): PhotoOcrCompletedV1 {
  return createEvent(photoOcrCompletedV1, 'photo-ocr-worker', {
    photoId: randomUUID(),
    laundromatId,
    extractedText: 'board',
    confidence: 88,
    detectedPrices,
    detectedServices: [],
  });
}

const board: DetectedPrice[] = [
  { amount: 3.5, currency: 'USD', unit: 'load', item: 'wash small' },
  { amount: 5.25, currency: 'USD', unit: 'load', item: 'wash large' },
  { amount: 1.25, currency: 'USD', unit: '30min', item: 'dry' },
  { amount: 1.75, currency: 'USD', unit: 'lb', item: 'wash and fold' },
];

describe('photo.ocr-completed in the directory (v2, and v1 while one may be queued)', () => {
  it('when prices are read for a laundromat, then they are suggested and fill only the prices it lacked', async () => {
    const [id] = await insertFixtures(stack, [
      fixture({ latitude: 40.7, longitude: -74, washPriceLarge: 6 }),
    ]);
    const event = ocrEvent(id!, board);
    await harness.publish(event);

    await eventually(async () => (await suggestions.listForLaundromat(stack.directoryDb, id!)).length === 4);
    expect(await laundromat(id!)).toMatchObject({
      washPriceSmall: 3.5,
      washPriceLarge: 6,
      dryPrice30min: 1.25,
      dryPrice15min: null,
    });
    expect(await suggestions.listForLaundromat(stack.directoryDb, id!)).toEqual([
      {
        photoId: event.data.photoId,
        amount: 3.5,
        currency: 'USD',
        unit: 'load',
        item: 'wash small',
        priceField: 'washPriceSmall',
        applied: true,
      },
      {
        photoId: event.data.photoId,
        amount: 5.25,
        currency: 'USD',
        unit: 'load',
        item: 'wash large',
        priceField: 'washPriceLarge',
        applied: false,
      },
      {
        photoId: event.data.photoId,
        amount: 1.25,
        currency: 'USD',
        unit: '30min',
        item: 'dry',
        priceField: 'dryPrice30min',
        applied: true,
      },
      {
        photoId: event.data.photoId,
        amount: 1.75,
        currency: 'USD',
        unit: 'lb',
        item: 'wash and fold',
        priceField: null,
        applied: false,
      },
    ]);
  });

  it('when a v2 event carries the amounts as text, then they are read exactly', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 40.705, longitude: -74 })]);
    const event = createEvent(photoOcrCompletedV2, 'photo-ocr-worker', {
      photoId: randomUUID(),
      laundromatId: id!,
      extractedText: 'board',
      confidence: 90,
      detectedPrices: [
        { amount: '0.10', currency: 'USD', unit: 'load', item: 'wash small' },
        { amount: '1.1', currency: null, unit: '15min', item: 'dry' },
      ],
      detectedServices: [],
    });
    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 1);
    expect(await laundromat(id!)).toMatchObject({ washPriceSmall: 0.1, dryPrice15min: 1.1 });
    expect((await suggestions.listForLaundromat(stack.directoryDb, id!)).map((s) => s.amount)).toEqual([
      0.1, 1.1,
    ]);
  });

  it('when the same event arrives twice, then it is recorded once', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 40.71, longitude: -74 })]);
    const event = ocrEvent(id!, board.slice(0, 1));
    await harness.publish(event);
    await harness.publish(event);

    await eventually(() => harness.deliveries(event.id) === 2);
    expect(await suggestions.listForLaundromat(stack.directoryDb, id!)).toHaveLength(1);
    const [row] = await stack.directoryDb.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`,
      [event.id],
    );
    expect(row!.n).toBe(1);
  });

  it('when a second photo reads another price for a filled field, then the first price stays', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 40.72, longitude: -74 })]);
    const first = ocrEvent(id!, [{ amount: 3.5, currency: null, unit: null, item: 'wash' }]);
    const second = ocrEvent(id!, [{ amount: 9.99, currency: 'USD', unit: 'load', item: 'wash small' }]);
    await harness.publish(first);
    await eventually(() => harness.deliveries(first.id) === 1);
    await harness.publish(second);
    await eventually(() => harness.deliveries(second.id) === 1);
    expect((await laundromat(id!)).washPriceSmall).toBe(3.5);
    expect((await suggestions.listForLaundromat(stack.directoryDb, id!)).map((s) => s.applied)).toEqual([
      true,
      false,
    ]);
  });

  it('when the prices are in another currency than the laundromat, then they are suggested but fill nothing', async () => {
    const [id] = await insertFixtures(stack, [fixture({ latitude: 40.73, longitude: -74, currency: 'USD' })]);
    const event = ocrEvent(id!, [{ amount: 4, currency: 'EUR', unit: 'load', item: 'wash' }]);
    await harness.publish(event);
    await eventually(() => harness.deliveries(event.id) === 1);
    expect((await laundromat(id!)).washPriceSmall).toBeNull();
    expect(await suggestions.listForLaundromat(stack.directoryDb, id!)).toMatchObject([{ applied: false }]);
  });

  it.each([
    ['an unknown laundromat', randomUUID()],
    ['no laundromat', null],
  ])(
    'when the photo is of %s, then the event is acknowledged and nothing is recorded',
    async (_name, laundromatId) => {
      const event = ocrEvent(laundromatId, board);
      await harness.publish(event);
      await eventually(() => harness.deliveries(event.id) === 1);
      const [row] = await stack.directoryDb.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM price_suggestions WHERE photo_id = $1',
        [event.data.photoId],
      );
      expect(row!.n).toBe(0);
      expect((await harness.deadLetters()).map((dead) => dead.id)).not.toContain(event.id);
    },
  );

  it('when the event breaks the contract, then it is retried and dead-lettered', async () => {
    const event = ocrEvent(null, []);
    const broken: EventEnvelope = { ...event, data: { ...event.data, detectedPrices: 'lots' } };
    await harness.publish(broken);
    await eventually(async () => (await harness.deadLetters()).some((dead) => dead.id === event.id), 15_000);
    expect(harness.deliveries(event.id)).toBe(MAX_ATTEMPTS);
  });
});
