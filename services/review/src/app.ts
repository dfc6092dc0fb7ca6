import { defineService, on } from '@laundry/platform/service';
import { createDirectoryClient, userDeletedV1 } from '@laundry/contracts';
import { reviewConfigSchema } from './config.ts';
import { createReviewRepository } from './infra/review-repository.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { reviewRoutes } from './api/review-routes.ts';
import { personalDataRoutes } from './api/personal-data-routes.ts';
import { userDeletedHandler } from './consumers/user-deleted.handler.ts';

/** Reviews: publishes review.created.v1; an erased account's reviews stay, anonymous (user.deleted.v1). */
export const reviewService = defineService({
  name: 'review',
  config: reviewConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, logger, db, outbox }) {
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
        personalDataRoutes(router, { store: personalData });
      },
      subscriptions: [on(userDeletedV1, userDeletedHandler({ db, store: personalData, logger }))],
    };
  },
});
