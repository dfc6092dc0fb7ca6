import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assembleService,
  createOutbox,
  createServiceApp,
  migrate,
  type Infra,
  type Service,
} from '@laundry/platform';
import type { DirectoryConfig } from './config.ts';
import { createLaundromatRepository } from './infra/laundromat-repository.ts';
import { createFavoriteRepository } from './infra/favorite-repository.ts';
import { createGeocoder } from './infra/geocoding/geocoder.ts';
import { createGazetteer } from './infra/geocoding/gazetteer.ts';
import { createNominatimClient } from './infra/geocoding/nominatim.ts';
import { laundromatRoutes } from './api/laundromat-routes.ts';
import { favoriteRoutes } from './api/favorite-routes.ts';
import { geocodeRoutes } from './api/geocode-routes.ts';
import { reviewCreatedV1 } from '@laundry/contracts';
import { createRatingRepository } from './infra/rating-repository.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoOcrCompletedV1 } from '@laundry/contracts';
import { createPriceSuggestionRepository } from './infra/price-suggestion-repository.ts';
import { photoOcrCompletedHandler } from './consumers/photo-ocr-completed.handler.ts';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export interface DirectoryService extends Service {
  /** The service's own database handle, for the seeding done by the start command. */
  readonly db: import('@laundry/platform').Db;
}

export async function createDirectoryService({
  config,
  infra,
}: {
  config: DirectoryConfig;
  infra: Infra;
}): Promise<DirectoryService> {
  const logger = infra.logger.child({ service: 'directory' });
  const db = await infra.openDb(config.DB_SCHEMA ?? 'directory');
  await migrate(db, migrationsDir, { logger });
  const bus = infra.bus('directory');
  const outbox = createOutbox({ db, bus, producer: 'directory', logger });
  const laundromats = createLaundromatRepository(db);
  const favorites = createFavoriteRepository(db);
  const gazetteer = createGazetteer();
  // Loading the city index takes a second or two; do it now rather than in the first visitor's search.
  gazetteer.load();
  const geocoder = createGeocoder({
    gazetteer,
    logger,
    nominatim: config.NOMINATIM_URL
      ? createNominatimClient({
          baseUrl: config.NOMINATIM_URL,
          userAgent: config.NOMINATIM_USER_AGENT,
          cache: infra.cache,
        })
      : undefined,
  });

  const app = createServiceApp({
    name: 'directory',
    logger,
    internalSecret: config.INTERNAL_SECRET,
    bodyLimit: config.BODY_LIMIT,
    readiness: { database: () => db.ping().then(() => true), broker: () => bus.ready() },
    routes: (router) => {
      laundromatRoutes(router, { db, laundromats, outbox, geocoding: geocoder });
      favoriteRoutes(router, { favorites, laundromats });
      geocodeRoutes(router, geocoder);
    },
  });

  // The events this service reacts to.
  bus.subscribe(reviewCreatedV1, reviewCreatedHandler({ db, ratings: createRatingRepository(), logger }));
  bus.subscribe(
    photoOcrCompletedV1,
    photoOcrCompletedHandler({ db, suggestions: createPriceSuggestionRepository(), logger }),
  );
  const service = assembleService({
    name: 'directory',
    app,
    startBackground: async () => {
      await bus.start();
      outbox.start();
    },
    stopBackground: () => outbox.stop(),
  });
  return { ...service, db };
}
