import { defineService } from '@laundry/platform/service';
import { createDirectoryClient } from '@laundry/contracts';
import { reviewConfigSchema } from './config.ts';
import { createReviewRepository } from './infra/review-repository.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { reviewRoutes } from './api/review-routes.ts';
import { collectPersonalData } from './domain/personal-data.ts';

/** Reviews: publishes review.created.v1; an erased account's reviews stay, anonymous (user.deleted.v1). */
export const reviewService = defineService({
  name: 'review',
  config: reviewConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, db, outbox }) {
    const reviews = createReviewRepository(db);
    const personalData = createPersonalDataRepository(db);
    const directory = createDirectoryClient({
      baseUrl: config.DIRECTORY_URL,
      timeoutMs: config.DIRECTORY_TIMEOUT_MS,
      unavailableMessage: 'We cannot check this laundromat right now. Please try again in a moment.',
    });
    return {
      routes(router) {
        reviewRoutes(router, { db, reviews, directory, outbox });
      },
      personalData,
    };
  },
  // An erased account's reviews stay as 'Anonymous User', without its id.
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData, userId),
    erase: async (wired, tx, { userId }) => ({ reviews: await wired.personalData.anonymise(tx, userId) }),
  },
});
