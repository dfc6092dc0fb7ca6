import { defineService, on } from '@laundry/platform/service';
import { laundromatOwnerHandlers } from '@laundry/platform/bus';
import {
  availabilityChangedV1,
  createDirectoryClient,
  laundromatMergedV1,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
  laundromatSuggestionDecidedV1,
} from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import { availabilityConfigSchema, demoFeedsEnabled, type AvailabilityConfig } from './config.ts';
import { createAvailabilityRepository } from './infra/availability-repository.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { availabilityRoutes } from './api/availability-routes.ts';
import { collectPersonalData } from './domain/personal-data.ts';
import { createLiveStateListeners } from './domain/live-state-listeners.ts';
import { expireLiveStates } from './domain/expire-live-states.ts';
import {
  availabilityRetentionPolicies,
  busynessRetention,
  reportRetention,
} from './domain/report-retention.ts';
import { liveStreamsOpen } from '@laundry/platform/observability';
import { createLiveStreamHub, liveStreamUpkeep, type LiveFanout } from './domain/live-streams.ts';
import { createMemoryFanout, createRedisFanout } from './infra/live-fanout.ts';
import { createLiveStreamRepository } from './infra/live-stream-repository.ts';
import { liveRoutes } from './api/live-routes.ts';
import { createBusynessRepository } from './infra/busyness-repository.ts';
import { aggregateBusyness } from './domain/busyness-aggregation.ts';
import { busynessRoutes } from './api/busyness-routes.ts';
import { alertRoutes } from './api/alert-routes.ts';
import { createAlertRepository } from './infra/alert-repository.ts';
import { createWebPushSender } from './infra/web-push-sender.ts';
import {
  alertDelivery,
  purgeExpiredAlerts,
  queueDueAlerts,
  type AlertDeps,
  type AlertJob,
} from './domain/availability-alerts.ts';
import { demoFeeds } from './domain/demo-feeds.ts';
import { demoLaundromatsFromDirectory } from './infra/demo-laundromats.ts';
import { createOutOfOrderRepository } from './infra/out-of-order-repository.ts';
import { outOfOrderRoutes } from './api/out-of-order-routes.ts';
import { alertCancelRoutes } from './api/alert-cancel-routes.ts';
import { ownerFeedRoutes } from './api/owner-feed-routes.ts';
import { createFeedKeyCache, createMachineFeedIntake } from './domain/feeds.ts';
import { createReportIntake } from './domain/reports.ts';
import { rememberLaundromatPoints } from './domain/laundromat-points.ts';
import { createOwnerFeedRepository } from './infra/owner-feed-repository.ts';

/**
 * Live availability: visitors' reports and machine feeds make one live state per laundromat; each change
 * publishes availability.changed.v1. An erased account's reports stay, anonymous (user.deleted.v1).
 */
export const availabilityService = defineService({
  name: 'availability',
  config: availabilityConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  async wire({ config, db, outbox, logger, infra }) {
    const store = createAvailabilityRepository(db);
    const personalData = createPersonalDataRepository(db);
    const directory = createDirectoryClient({
      baseUrl: config.DIRECTORY_URL,
      timeoutMs: config.DIRECTORY_TIMEOUT_MS,
      unavailableMessage: 'We cannot check this laundromat right now. Please try again in a moment.',
    });
    const listeners = createLiveStateListeners((error) =>
      logger.error({ err: error }, 'a live state listener failed'),
    );
    const deps = { db, store, outbox, directory, listeners };
    const feedKeys = createFeedKeyCache({ ttlMs: config.FEED_KEY_CACHE_MS });
    const machineFeed = createMachineFeedIntake({ ...deps, feedKeys });
    // Reports' laundromats as the directory listed them; its events about one drop what is kept of it.
    const points = rememberLaundromatPoints(directory, { ttlMs: config.DIRECTORY_POINT_CACHE_MS });
    const expiry = expireLiveStates({ ...deps, logger, everyMs: config.LIVE_EXPIRY_INTERVAL_MS });
    const live = await liveStreaming(config, db, logger, listeners);
    const busyness = createBusynessRepository(db);
    const busynessAggregation = aggregateBusyness({
      busyness,
      logger,
      everyMs: config.BUSYNESS_INTERVAL_MS,
    });
    const alertStore = createAlertRepository(db);
    const alerts: AlertDeps = {
      db,
      alerts: alertStore,
      directory,
      push:
        config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
          ? createWebPushSender({
              publicKey: config.VAPID_PUBLIC_KEY,
              privateKey: config.VAPID_PRIVATE_KEY,
              subject: config.VAPID_SUBJECT ?? 'mailto:alerts@laundromat-finder.invalid',
            })
          : undefined,
      queue: infra.jobs<AlertJob>('availability.push-alerts'),
      logger,
    };
    if (!alerts.push)
      logger.warn('no VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY): availability alerts are off');
    const alertPurge = purgeExpiredAlerts({ ...alerts, everyMs: config.ALERT_PURGE_INTERVAL_MS });
    const delivery = alertDelivery(alerts);
    const demo = demoFeeds({
      ...deps,
      busyness,
      logger,
      everyMs: demoFeedsEnabled(config) ? config.DEMO_FEED_INTERVAL_MS : 0,
      find: demoLaundromatsFromDirectory({
        baseUrl: config.DIRECTORY_URL,
        timeoutMs: config.DIRECTORY_TIMEOUT_MS,
        count: config.DEMO_FEED_LAUNDROMATS,
      }),
    });
    const outOfOrder = createOutOfOrderRepository(db);
    // Who owns which laundromat, from the owner service's events: owners manage their feed keys.
    const owners = laundromatOwnerHandlers({ db, logger, service: 'availability' });
    return {
      routes(router) {
        const reportDeps = { ...deps, directory: points };
        availabilityRoutes(router, {
          ...reportDeps,
          feedKeys,
          machineFeed,
          reports: createReportIntake(reportDeps),
        });
        liveRoutes(router, live);
        busynessRoutes(router, { busyness, directory });
        alertRoutes(router, alerts);
        alertCancelRoutes(router, alerts);
        outOfOrderRoutes(router, { db, outbox, directory, outOfOrder });
        ownerFeedRoutes(router, {
          db,
          outbox,
          directory,
          outOfOrder,
          ownerFeeds: createOwnerFeedRepository(db),
          feedKeys,
        });
      },
      // Heard through the broker (not the in-process listeners), so every change, whichever replica made it.
      subscriptions: [
        on(availabilityChangedV1, (event) =>
          queueDueAlerts(alerts, event.data.laundromatId, event.data.live, event.data.computedAt).then(
            () => undefined,
          ),
        ),
        on(laundromatOwnerVerifiedV1, owners.verified),
        on(laundromatOwnerReleasedV1, owners.released),
        // A merged laundromat is no longer listed; an approved edit may move it or change its machines.
        on(laundromatMergedV1, async (event) => {
          points.forget(event.data.mergedId);
          points.forget(event.data.survivorId);
        }),
        on(laundromatSuggestionDecidedV1, async (event) => {
          if (event.data.status === 'approved') points.forget(event.data.laundromatId);
        }),
      ],
      jobs: [expiry, live.work, busynessAggregation, delivery, alertPurge, demo],
      retention: { tasks: [reportRetention, busynessRetention] },
      personalData,
      /** Where a live stream's fan-out subscribes to this process's changes. */
      liveStates: listeners,
      expiry,
      busynessAggregation,
      alerts: alertStore,
      alertPurge,
    };
  },
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData, userId, wired.alerts),
    erase: async (wired, tx, { userId }) => ({
      ...(await wired.personalData.anonymise(tx, userId)),
      alerts: await wired.alerts.eraseUser(tx, userId),
    }),
  },
  retention: availabilityRetentionPolicies,
});

/**
 * Live streams (GET /api/live): each change this process commits is published, as stored in live_states,
 * to every replica (Redis pub/sub when REDIS_URL is set, memory in the embedded mode); each
 * replica hands what it hears to its own open streams.
 */
async function liveStreaming(
  config: AvailabilityConfig,
  db: Db,
  logger: Logger,
  listeners: ReturnType<typeof createLiveStateListeners>,
) {
  // Redis whenever there is one (as the gateway decides for its shared state); alone, memory is enough.
  const fanout: LiveFanout = config.REDIS_URL
    ? await createRedisFanout({ url: config.REDIS_URL, namespace: config.BUS_NAMESPACE, logger })
    : createMemoryFanout();
  const liveStreams = createLiveStreamRepository(db);
  const hub = createLiveStreamHub((open) => liveStreamsOpen.set({ service: 'availability' }, open));
  const upkeep = liveStreamUpkeep(hub, config.LIVE_HEARTBEAT_MS);
  let stopListening: (() => void) | undefined;
  const work = {
    async start() {
      await fanout.listen((event) => hub.deliver(event));
      stopListening = listeners.add({
        // The state the committed change stored, as it stored it: read back, it would wait for the pool.
        changed(laundromatId, { event }) {
          fanout
            .publish(event)
            .catch((error: unknown) =>
              logger.warn({ err: error, laundromatId }, 'live change not published'),
            );
        },
      });
      upkeep.start();
    },
    async stop() {
      stopListening?.();
      await upkeep.stop();
      await fanout.close();
    },
  };
  return { hub, liveStreams, work };
}
