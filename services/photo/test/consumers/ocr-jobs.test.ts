import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@laundry/platform/config';
import type { InspectableJobQueue } from '@laundry/platform/jobs';
import { createEmbeddedInfra, type Infra } from '@laundry/platform/infra';
import { createDistributedInfra } from '@laundry/platform/infra/distributed';
import { available, eventually, silentLogger, uniqueName, urls } from '../../../../test/support/servers.ts';
import { removeBrokerNamespace } from '../../../../test/support/broker-cleanup.ts';
import { createOcrWorker, type OcrWorker } from '../../src/ocr-worker.ts';
import { photoConfigSchema } from '../../src/config.ts';
import { createPhotoRepository } from '../../src/infra/photo-repository.ts';
import { createDiskStorage } from '../../src/infra/object-storage.ts';
import type { OcrEngine } from '../../src/domain/ocr-engine.ts';
import type { OcrJob } from '../../src/domain/ocr-job.ts';
import { solidImage } from '../support/photo-stack.ts';

/**
 * The worker on its own, against the real database and Redis (BullMQ) when they answer, with an OCR engine the
 * test controls, so retries, the failed list and at-least-once delivery can be seen.
 */
const realServers = available.postgres && available.rabbit && available.redis;
const namespace = `${uniqueName('ocr')}.`;
const schema = uniqueName('photo_ocr');
let infra: Infra;
let worker: OcrWorker;
let storageDir: string;
let calls: string[] = [];
const failingFor = new Set<string>();

const engine: OcrEngine = {
  async recognize() {
    const photoId = currentPhoto;
    calls.push(photoId);
    if (failingFor.has(photoId)) throw new Error('the OCR engine crashed');
    return { text: 'Washer $3.00', confidence: 91, metadata: { engine: 'test' } };
  },
  async close() {},
};
// The engine sees only the image, so the test tracks which photo's job is running (concurrency 1).
let currentPhoto = '';

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'laundry-ocr-jobs-'));
  infra = realServers
    ? createDistributedInfra({
        databaseUrl: urls.database,
        amqpUrl: urls.amqp,
        redisUrl: urls.redis,
        namespace,
        logger: silentLogger,
      })
    : createEmbeddedInfra({ dataDir: undefined, logger: silentLogger });
  const config = loadConfig(photoConfigSchema, {
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    DB_SCHEMA: schema,
    PHOTO_STORAGE_DIR: storageDir,
    BUS_NAMESPACE: namespace,
  });
  const storage = createDiskStorage(storageDir);
  const tracking = {
    ...storage,
    async read(objectPath: string) {
      currentPhoto = path.basename(objectPath).slice(0, 36);
      return storage.read(objectPath);
    },
  };
  worker = await createOcrWorker({ config, infra, ocr: engine, storage: tracking });
  await worker.start();
});

afterAll(async () => {
  await worker?.stop();
  if (realServers) {
    await worker.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await removeBrokerNamespace(urls.amqp, namespace, []);
  }
  await infra?.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function storedPhoto(): Promise<string> {
  const id = randomUUID();
  const objectPath = `photos/${id.slice(0, 2)}/${id}-display.webp`;
  await createDiskStorage(storageDir).put(objectPath, await solidImage(40, 20, 'webp'));
  await createPhotoRepository(worker.db).insert(worker.db, {
    id,
    laundromatId: null,
    userId: randomUUID(),
    fileName: 'a.webp',
    fileSize: 100,
    mimeType: 'image/webp',
    privateUrl: `/objects/${objectPath}`,
    objectPath,
    thumbnailPath: `photos/${id.slice(0, 2)}/${id}-thumb.webp`,
    caption: null,
    category: 'prices',
    isPublic: true,
  });
  return id;
}

const isProcessed = async (id: string) =>
  (await createPhotoRepository(worker.db).findById(id))?.isProcessed ?? false;
const queue = () => worker.queue as InspectableJobQueue<OcrJob>;

describe('the OCR worker', () => {
  it('when a job runs, then the photo is read and marked processed', async () => {
    const id = await storedPhoto();
    await worker.queue.add({ photoId: id }, { jobId: id });
    await eventually(() => isProcessed(id), 15_000);
    const photo = await createPhotoRepository(worker.db).findById(id);
    expect(photo).toMatchObject({
      extractedText: 'Washer $3.00',
      ocrConfidence: 91,
      detectedPrices: [{ amount: 3, currency: 'USD', unit: null, item: 'wash' }],
    });
  });

  it('when the same photo is queued again, then it is not read a second time', async () => {
    const id = await storedPhoto();
    await worker.queue.add({ photoId: id }, { jobId: id });
    await eventually(() => isProcessed(id), 15_000);
    const readsBefore = calls.filter((call) => call === id).length;
    // A redelivered upload event after the first job completed adds a job again under the same id.
    await worker.queue.add({ photoId: id }, { jobId: id });
    const marker = await storedPhoto();
    await worker.queue.add({ photoId: marker }, { jobId: marker });
    await eventually(() => isProcessed(marker), 15_000);
    expect(calls.filter((call) => call === id).length).toBe(readsBefore);
  });

  it('when the photo was deleted before its job ran, then the job completes without reading anything', async () => {
    const id = randomUUID();
    await worker.queue.add({ photoId: id }, { jobId: id });
    const marker = await storedPhoto();
    await worker.queue.add({ photoId: marker }, { jobId: marker });
    await eventually(() => isProcessed(marker), 15_000);
    expect(calls).not.toContain(id);
    expect((await queue().failed()).map((job) => job.data.photoId)).not.toContain(id);
  });

  it('when OCR keeps failing, then the job is retried with back-off and then kept in the failed list', async () => {
    const id = await storedPhoto();
    failingFor.add(id);
    calls = [];
    await worker.queue.add({ photoId: id }, { jobId: id, attempts: 3, backoffMs: 50 });
    await eventually(async () => (await queue().failed()).some((job) => job.data.photoId === id), 20_000);
    const failed = (await queue().failed()).find((job) => job.data.photoId === id)!;
    expect(failed).toMatchObject({ attempts: 3, error: 'the OCR engine crashed' });
    expect(calls.filter((call) => call === id)).toHaveLength(3);
    expect(await isProcessed(id)).toBe(false);
  });
});
