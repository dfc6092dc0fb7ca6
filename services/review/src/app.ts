import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import { defineService, on } from '@laundry/platform/service';
import {
  createDirectoryClient,
  laundromatMergedV1,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
} from '@laundry/contracts';
import { laundromatMergedHandler } from './consumers/laundromat-merged.handler.ts';
import { reviewConfigSchema } from './config.ts';
import { createReviewRepository } from './infra/review-repository.ts';
import { createReviewReportRepository } from './infra/review-report-repository.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { reviewRoutes } from './api/review-routes.ts';
import { collectPersonalData } from './domain/personal-data.ts';

/** Reviews: publishes review.created.v1; an erased account's reviews stay, anonymous (user.deleted.v1). */
export const reviewService = defineService({
  name: 'review',
  config: reviewConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, db, outbox, logger }) {
    const reviews = createReviewRepository(db);
    const reports = createReviewReportRepository(db);
    const personalData = createPersonalDataRepository(db);
    const directory = createDirectoryClient({
      baseUrl: config.DIRECTORY_URL,
      timeoutMs: config.DIRECTORY_TIMEOUT_MS,
      unavailableMessage: 'We cannot check this laundromat right now. Please try again in a moment.',
    });
    // Who owns which laundromat, from the owner service's events: its owner may reply to its reviews.
    const owners = laundromatOwnerHandlers({ db, logger, service: 'review' });
    return {
      routes(router) {
        reviewRoutes(router, { db, reviews, reports, directory, outbox });
      },
      subscriptions: [
        on(laundromatOwnerVerifiedV1, owners.verified),
        on(laundromatOwnerReleasedV1, owners.released),
        on(laundromatMergedV1, laundromatMergedHandler({ db, logger })),
      ],
      personalData,
    };
  },
  // An erased account's reviews stay as 'Anonymous User', without its id; its replies and reports as an
  // owner go.
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData, userId),
    erase: async (wired, tx, { userId }) => ({
      reviews: await wired.personalData.anonymise(tx, userId),
      ownerReplies: await wired.personalData.eraseOwnerReplies(tx, userId),
      abuseReports: await wired.personalData.eraseAbuseReports(tx, userId),
    }),
  },
});
