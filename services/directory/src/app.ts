import { defineService, on } from '@laundry/platform/service';
import {
  availabilityChangedV1,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  photoOcrCompletedV1,
  photoOcrCompletedV2,
  reviewCreatedV1,
} from '@laundry/contracts';
import { directoryConfigSchema } from './config.ts';
import { createLaundromatRepository } from './infra/laundromat-repository.ts';
import { createNearbyLaundromats } from './infra/nearby-laundromats.ts';
import { createFavoriteRepository } from './infra/favorite-repository.ts';
import { createRatingRepository } from './infra/rating-repository.ts';
import { createPriceSuggestionRepository } from './infra/price-suggestion-repository.ts';
import { createSuggestionRepository } from './infra/suggestion-repository.ts';
import { suggestionRoutes } from './api/suggestion-routes.ts';
import { correctionRoutes } from './api/correction-routes.ts';
import { createCorrectionsRepository } from './infra/corrections-repository.ts';
import { ownerListingRoutes } from './api/owner-listing-routes.ts';
import { ownerInsightsRoutes } from './api/owner-insights-routes.ts';
import { createInsightsRepository } from './infra/insights-repository.ts';
import { createSearchAppearances } from './domain/search-appearances.ts';
import { insightsRetentionPolicies, insightsRetentionTask } from './domain/insights-retention.ts';
import { toLaundromatView } from './domain/laundromat-view.ts';
import {
  suggestionRetentionPolicies,
  suggestionRetentionTasks,
} from './domain/suggestions/suggestion-retention.ts';
import { createGeocoder } from './infra/geocoding/geocoder.ts';
import { createGazetteer } from './infra/geocoding/gazetteer.ts';
import { createNominatimClient } from './infra/geocoding/nominatim.ts';
import { laundromatRoutes } from './api/laundromat-routes.ts';
import { favoriteRoutes } from './api/favorite-routes.ts';
import { directoryExportRoutes } from './api/directory-export-routes.ts';
import { directoryExportChunks } from './infra/directory-export.ts';
import { geocodeRoutes } from './api/geocode-routes.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoOcrCompletedHandler } from './consumers/photo-ocr-completed.handler.ts';
import { availabilityChangedHandler } from './consumers/availability-changed.handler.ts';
import { ownerReleasedHandler, ownerVerifiedHandler } from './consumers/laundromat-owner.handler.ts';
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
    const photoOcrCompleted = photoOcrCompletedHandler({
      db,
      suggestions: createPriceSuggestionRepository(),
      logger,
    });
    const gazetteer = createGazetteer();
    // Building the place index takes seconds of CPU: now, rather than in the first visitor's search, unless
    // GAZETTEER_PRELOAD=false defers it (test stacks, most of which never search).
    if (config.GAZETTEER_PRELOAD) gazetteer.load();
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
    const corrections = createCorrectionsRepository(db);
    const insights = createInsightsRepository(db);
    const appearances = createSearchAppearances({
      write: (counts) => insights.addSearchAppearances(counts),
      logger,
    });
    return {
      routes(router) {
        laundromatRoutes(router, {
          db,
          laundromats,
          outbox,
          geocoding: geocoder,
          nearby: createNearbyLaundromats(db),
          mergedInto: (id) => corrections.mergedInto(id),
          listed: (ids) => appearances.count(ids),
        });
        correctionRoutes(router, { db, outbox, corrections, suggestions });
        suggestionRoutes(router, {
          db,
          outbox,
          laundromats,
          suggestions,
          cache: infra.cache,
          cachePrefix: `directory:${db.schema}`,
          limits: { perPerson: config.SUGGESTIONS_PER_HOUR, windowSeconds: 3600 },
        });
        ownerListingRoutes(router, {
          db,
          outbox,
          findLaundromat: async (id) => {
            const row = await laundromats.findById(id);
            return row ? toLaundromatView(row, new Date()) : undefined;
          },
        });
        ownerInsightsRoutes(router, { insights, beforeRead: () => appearances.flush() });
        favoriteRoutes(router, { favorites, laundromats });
        directoryExportRoutes(router, { chunks: (now) => directoryExportChunks(db, now) });
        geocodeRoutes(router, geocoder);
      },
      subscriptions: [
        on(reviewCreatedV1, reviewCreatedHandler({ db, ratings: createRatingRepository(), logger })),
        on(photoOcrCompletedV2, photoOcrCompleted),
        on(photoOcrCompletedV1, photoOcrCompleted),
        on(availabilityChangedV1, availabilityChangedHandler({ db, logger })),
        on(laundromatOwnerVerifiedV1, ownerVerifiedHandler({ db, logger })),
        on(laundromatOwnerReleasedV1, ownerReleasedHandler({ db, logger })),
      ],
      personalData,
      retention: { tasks: [...suggestionRetentionTasks, insightsRetentionTask] },
      jobs:
        config.OSM_SYNC_AREAS.length === 0
          ? [appearances]
          : [
              appearances,
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
  // An erased account's favourites go and its laundromats lose their submitter and owner.
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData, userId),
    erase: (wired, tx, { userId }) => wired.personalData.erase(tx, userId),
  },
  retention: [...suggestionRetentionPolicies, ...insightsRetentionPolicies],
});
