import { defineService, on } from '@laundry/platform/service';
import { availabilityChangedV1, photoOcrCompletedV1, reviewCreatedV1 } from '@laundry/contracts';
import { directoryConfigSchema } from './config.ts';
import { createLaundromatRepository } from './infra/laundromat-repository.ts';
import { createNearbyLaundromats } from './infra/nearby-laundromats.ts';
import { createFavoriteRepository } from './infra/favorite-repository.ts';
import { createRatingRepository } from './infra/rating-repository.ts';
import { createPriceSuggestionRepository } from './infra/price-suggestion-repository.ts';
import { createSuggestionRepository } from './infra/suggestion-repository.ts';
import { suggestionRoutes } from './api/suggestion-routes.ts';
import {
  suggestionRetentionPolicies,
  suggestionRetentionTasks,
} from './domain/suggestions/suggestion-retention.ts';
import { createGeocoder } from './infra/geocoding/geocoder.ts';
import { createGazetteer } from './infra/geocoding/gazetteer.ts';
import { createNominatimClient } from './infra/geocoding/nominatim.ts';
import { laundromatRoutes } from './api/laundromat-routes.ts';
import { favoriteRoutes } from './api/favorite-routes.ts';
import { geocodeRoutes } from './api/geocode-routes.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoOcrCompletedHandler } from './consumers/photo-ocr-completed.handler.ts';
import { availabilityChangedHandler } from './consumers/availability-changed.handler.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { collectPersonalData } from './domain/personal-data.ts';
import { createOverpassClient, OVERPASS_USER_AGENT } from './infra/osm-sync/overpass-client.ts';
import { osmSyncJob, osmSyncQueue, type OsmSyncJob } from './jobs/osm-sync.job.ts';

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
    const suggestions = createSuggestionRepository(db);
    return {
      routes(router) {
        laundromatRoutes(router, {
          db,
          laundromats,
          outbox,
          geocoding: geocoder,
          nearby: createNearbyLaundromats(db),
        });
        suggestionRoutes(router, {
          db,
          outbox,
          laundromats,
          suggestions,
          cache: infra.cache,
          cachePrefix: `directory:${db.schema}`,
          limits: { perPerson: config.SUGGESTIONS_PER_HOUR, windowSeconds: 3600 },
        });
        favoriteRoutes(router, { favorites, laundromats });
        geocodeRoutes(router, geocoder);
      },
      subscriptions: [
        on(reviewCreatedV1, reviewCreatedHandler({ db, ratings: createRatingRepository(), logger })),
        on(
          photoOcrCompletedV1,
          photoOcrCompletedHandler({ db, suggestions: createPriceSuggestionRepository(), logger }),
        ),
        on(availabilityChangedV1, availabilityChangedHandler({ db, logger })),
      ],
      personalData,
      retention: { tasks: suggestionRetentionTasks },
      jobs:
        config.OSM_SYNC_AREAS.length === 0
          ? []
          : [
              osmSyncJob(
                {
                  db,
                  logger,
                  queue: infra.jobs<OsmSyncJob>(osmSyncQueue),
                  client: createOverpassClient({
                    url: config.OVERPASS_URL,
                    userAgent: config.OVERPASS_USER_AGENT ?? OVERPASS_USER_AGENT,
                  }),
                },
                config.OSM_SYNC_AREAS,
                config.OSM_SYNC_INTERVAL,
              ),
            ],
    };
  },
  // An erased account's favourites go and its laundromats lose their submitter.
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData, userId),
    erase: (wired, tx, { userId }) => wired.personalData.erase(tx, userId),
  },
  retention: suggestionRetentionPolicies,
});
