import { defineService, on } from '@laundry/platform/service';
import {
  createDirectoryClient,
  laundromatMergedV1,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  photoUploadedV1,
} from '@laundry/contracts';
import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import { photoConfigSchema } from './config.ts';
import { createPhotoRepository } from './infra/photo-repository.ts';
import { createProfileImageRepository } from './infra/profile-image-repository.ts';
import { createDiskStorage } from './infra/object-storage.ts';
import { sharpImageProcessing } from './infra/image-processing.ts';
import { ocrQueueName, type OcrJob } from './domain/ocr-job.ts';
import { photoRoutes } from './api/photo-routes.ts';
import { objectRoutes } from './api/object-routes.ts';
import { documentRoutes } from './api/document-routes.ts';
import { createDocumentRepository } from './infra/document-repository.ts';
import { photoUploadedHandler } from './consumers/photo-uploaded.handler.ts';
import { laundromatMergedHandler } from './consumers/laundromat-merged.handler.ts';
import { collectPersonalData, erasePersonalData, findPersonFile } from './domain/personal-data.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';

/**
 * Photos and their stored images; publishes photo.uploaded.v1 and hands each upload to the OCR worker
 * (ocr-worker.ts, a process of its own in the distributed mode) as a job.
 */
export const photoService = defineService({
  name: 'photo',
  config: photoConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, infra, logger, db, outbox }) {
    const ocrJobs = infra.jobs<OcrJob>(ocrQueueName);
    const deps = {
      db,
      photos: createPhotoRepository(db),
      profileImages: createProfileImageRepository(db),
      storage: createDiskStorage(config.PHOTO_STORAGE_DIR),
      images: sharpImageProcessing,
      directory: createDirectoryClient({
        baseUrl: config.DIRECTORY_URL,
        timeoutMs: config.DIRECTORY_TIMEOUT_MS,
        unavailableMessage:
          'Photos of a laundromat cannot be checked right now. Please try again in a moment.',
      }),
      outbox,
      logger,
    };
    const personalData = { store: createPersonalDataRepository(db), storage: deps.storage };
    // Who owns which laundromat, from the owner service's events: its owner's photos are marked as theirs.
    const owners = laundromatOwnerHandlers({ db, logger, service: 'photo' });
    return {
      routes(router) {
        photoRoutes(router, deps);
        objectRoutes(router, deps);
        documentRoutes(router, { ...deps, documents: createDocumentRepository() });
      },
      subscriptions: [
        on(
          photoUploadedV1,
          photoUploadedHandler({
            db,
            queue: ocrJobs,
            attempts: config.OCR_ATTEMPTS,
            backoffMs: config.OCR_BACKOFF_MS,
          }),
        ),
        on(laundromatMergedV1, laundromatMergedHandler({ db, logger })),
        on(laundromatOwnerVerifiedV1, owners.verified),
        on(laundromatOwnerReleasedV1, owners.released),
      ],
      readiness: { jobs: () => ocrJobs.ready() },
      personalData,
    };
  },
  // The person's photos and documents go, with their files.
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData.store, userId),
    erase: async (wired, tx, { userId }) => ({
      files: await erasePersonalData(wired.personalData, tx, userId),
    }),
    async file(wired, userId, fileId) {
      const { store, storage } = wired.personalData;
      const file = await findPersonFile(store, userId, fileId);
      const stored = file && (await storage.get(file.objectPath));
      return stored && { mimeType: file.mimeType, size: stored.size, open: () => stored.open() };
    },
  },
});
