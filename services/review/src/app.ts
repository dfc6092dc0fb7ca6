import { defineService } from '@laundry/platform/service';
import { createDirectoryClient } from '@laundry/contracts';
import { reviewConfigSchema } from './config.ts';
import { createReviewRepository } from './infra/review-repository.ts';
import { reviewRoutes } from './api/review-routes.ts';

/** Reviews: publishes review.created.v1 and reacts to no event. */
export const reviewService = defineService({
  name: 'review',
  config: reviewConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, db, outbox }) {
    const reviews = createReviewRepository(db);
    const directory = createDirectoryClient({
      baseUrl: config.DIRECTORY_URL,
      timeoutMs: config.DIRECTORY_TIMEOUT_MS,
      unavailableMessage: 'We cannot check this laundromat right now. Please try again in a moment.',
    });
    return {
      routes: (router) => reviewRoutes(router, { db, reviews, directory, outbox }),
    };
  },
});
