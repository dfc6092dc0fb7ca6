import { fileURLToPath } from 'node:url';
import {
  assembleService,
  createOutbox,
  createServiceApp,
  migrate,
  type Db,
  type Infra,
  type Service,
} from '@laundry/platform';
import type { ReviewConfig } from './config.ts';
import { createReviewRepository } from './infra/review-repository.ts';
import { createDirectoryClient } from './infra/directory-client.ts';
import { reviewRoutes } from './api/review-routes.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface ReviewService extends Service {
  /** The service's own database handle, for tests and benchmarks that read what it stored. */
  readonly db: Db;
}

/** The review service publishes review.created.v1 and consumes no events. */
export async function createReviewService({
  config,
  infra,
}: {
  config: ReviewConfig;
  infra: Infra;
}): Promise<ReviewService> {
  const logger = infra.logger.child({ service: 'review' });
  const db = await infra.openDb(config.DB_SCHEMA ?? 'review');
  await migrate(db, MIGRATIONS_DIR, { logger });
  const bus = infra.bus('review');
  const outbox = createOutbox({ db, bus, producer: 'review', logger });
  const reviews = createReviewRepository(db);
  const directory = createDirectoryClient({
    baseUrl: config.DIRECTORY_URL,
    timeoutMs: config.DIRECTORY_TIMEOUT_MS,
  });

  const app = createServiceApp({
    name: 'review',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    bodyLimit: config.BODY_LIMIT,
    readiness: { database: () => db.ping().then(() => true), broker: () => bus.ready() },
    routes: (router) => {
      reviewRoutes(router, { db, reviews, directory, outbox });
    },
  });

  const service = assembleService({
    name: 'review',
    app,
    startBackground: async () => {
      outbox.start();
    },
    stopBackground: () => outbox.stop(),
  });
  return { ...service, db };
}
