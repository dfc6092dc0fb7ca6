import {
  assembleService,
  createOutbox,
  createServiceApp,
  migrate,
  type Db,
  type Infra,
  type Service,
} from '@laundry/platform';
import { photoUploadedV1 } from '@laundry/contracts';
import type { PhotoConfig } from './config.ts';
import { migrationsDir } from './migrations-dir.ts';
import { createPhotoRepository } from './infra/photo-repository.ts';
import { createDiskStorage } from './infra/object-storage.ts';
import { createDirectoryClient, type LaundromatDirectory } from './infra/directory-client.ts';
import { ocrQueueName, type OcrJob } from './infra/ocr-queue.ts';
import { photoRoutes } from './api/photo-routes.ts';
import { objectRoutes } from './api/object-routes.ts';
import { photoUploadedHandler } from './consumers/photo-uploaded.handler.ts';

export interface PhotoService extends Service {
  readonly db: Db;
}

export async function createPhotoService({
  config,
  infra,
  directory = createDirectoryClient(config.DIRECTORY_URL, config.DIRECTORY_TIMEOUT_MS),
}: {
  config: PhotoConfig;
  infra: Infra;
  directory?: LaundromatDirectory;
}): Promise<PhotoService> {
  const logger = infra.logger.child({ service: 'photo' });
  const db = await infra.openDb(config.DB_SCHEMA ?? 'photo');
  await migrate(db, migrationsDir, { logger });
  const bus = infra.bus('photo');
  const outbox = createOutbox({ db, bus, producer: 'photo', logger });
  const photos = createPhotoRepository(db);
  const storage = createDiskStorage(config.PHOTO_STORAGE_DIR);
  const ocrJobs = infra.jobs<OcrJob>(ocrQueueName);
  const deps = { db, photos, storage, directory, outbox };

  const app = createServiceApp({
    name: 'photo',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    bodyLimit: config.BODY_LIMIT,
    readiness: {
      database: () => db.ping().then(() => true),
      broker: () => bus.ready(),
      jobs: () => ocrJobs.ready(),
    },
    routes: (router) => {
      photoRoutes(router, deps);
      objectRoutes(router, deps);
    },
  });

  // What this service reacts to: its own uploads, each handed to the OCR worker as a job.
  bus.subscribe(
    photoUploadedV1,
    photoUploadedHandler({
      db,
      queue: ocrJobs,
      attempts: config.OCR_ATTEMPTS,
      backoffMs: config.OCR_BACKOFF_MS,
    }),
  );

  const service = assembleService({
    name: 'photo',
    app,
    startBackground: async () => {
      await bus.start();
      outbox.start();
    },
    stopBackground: () => outbox.stop(),
  });
  return { ...service, db };
}
