import { defineService, on } from '@laundry/platform/service';
import { photoOcrCompletedV1, reviewCreatedV1, userDeletedV1 } from '@laundry/contracts';
import { directoryConfigSchema } from './config.ts';
import { createLaundromatRepository } from './infra/laundromat-repository.ts';
import { createFavoriteRepository } from './infra/favorite-repository.ts';
import { createRatingRepository } from './infra/rating-repository.ts';
import { createPriceSuggestionRepository } from './infra/price-suggestion-repository.ts';
import { createGeocoder } from './infra/geocoding/geocoder.ts';
import { createGazetteer } from './infra/geocoding/gazetteer.ts';
import { createNominatimClient } from './infra/geocoding/nominatim.ts';
import { laundromatRoutes } from './api/laundromat-routes.ts';
import { favoriteRoutes } from './api/favorite-routes.ts';
import { geocodeRoutes } from './api/geocode-routes.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoOcrCompletedHandler } from './consumers/photo-ocr-completed.handler.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { personalDataRoutes } from './api/personal-data-routes.ts';
import { userDeletedHandler } from './consumers/user-deleted.handler.ts';

/** Laundromats, favourites and geocoding; publishes laundromat.submitted/approved.v1. */
export const directoryService = defineService({
  name: 'directory',
  config: directoryConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, infra, logger, db, outbox }) {
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
    const personalData = createPersonalDataRepository(db);
    return {
      routes(router) {
        personalDataRoutes(router, { store: personalData });
        laundromatRoutes(router, { db, laundromats, outbox, geocoding: geocoder });
        favoriteRoutes(router, { favorites, laundromats });
        geocodeRoutes(router, geocoder);
      },
      subscriptions: [
        on(reviewCreatedV1, reviewCreatedHandler({ db, ratings: createRatingRepository(), logger })),
        on(
          photoOcrCompletedV1,
          photoOcrCompletedHandler({ db, suggestions: createPriceSuggestionRepository(), logger }),
        ),
        on(userDeletedV1, userDeletedHandler({ db, store: personalData, logger })),
      ],
    };
  },
});
