import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { defineService, INTERNAL_IDENTITY_HEADER, on } from '@laundry/platform';
import {
  auditRecordedV1,
  billingAccountSuspendedV1,
  createDirectoryClient,
  createPhotoClient,
  userConsentChangedV1,
  userDeletedV1,
} from '@laundry/contracts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { personalDataRoutes } from './api/personal-data-routes.ts';
import { userDeletedHandler } from './consumers/user-deleted.handler.ts';
import { adConfigSchema } from './config.ts';
import { createAdvertiserRepository } from './infra/advertiser-repository.ts';
import { createCampaignRepository } from './infra/campaign-repository.ts';
import { createModerationRepository } from './infra/moderation-repository.ts';
import { createAuditRepository } from './infra/audit-repository.ts';
import { createVerificationRepository } from './infra/verification-repository.ts';
import { moderationRulesFrom } from './domain/moderation-rules.ts';
import { dollarsToE4 } from './domain/money.ts';
import { advertiserRoutes } from './api/advertiser-routes.ts';
import { campaignRoutes } from './api/campaign-routes.ts';
import { adminRoutes } from './api/admin-routes.ts';
import { verificationRoutes } from './api/verification-routes.ts';
import { auditRecordedHandler } from './consumers/audit-recorded.handler.ts';
import { billingAccountSuspendedHandler } from './consumers/billing-account-suspended.handler.ts';
import { userConsentChangedHandler } from './consumers/user-consent-changed.handler.ts';
import { campaignExpiryJob } from './jobs/campaign-expiry.job.ts';
import { adRetentionTasks } from './domain/retention/ad-retention-tasks.ts';
import { refusedDocumentsRetention } from './domain/retention/refused-documents.ts';
import { adServerJob } from './jobs/ad-server.job.ts';
import { createDeliveryRepository } from './infra/delivery-repository.ts';
import { createAnalyticsRepository } from './infra/analytics-repository.ts';
import { createDirectoryPlaces } from './infra/directory-places.ts';
import { createAdServer } from './domain/delivery/ad-server.ts';
import { adRoutes } from './api/ad-routes.ts';
import { analyticsRoutes } from './api/analytics-routes.ts';

/**
 * Advertisers, campaigns, their moderation, business verification, ad delivery and the audit log: publishes campaign.created.v1 and
 * audit.recorded.v1, ad.impression-recorded.v1 and ad.click-recorded.v1, and stores every service's audit.recorded.v1 in the append-only log admins search.
 */
export const adService = defineService({
  name: 'ad',
  config: adConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  async wire({ config, db, outbox, logger, infra }) {
    const advertisers = createAdvertiserRepository();
    const campaigns = createCampaignRepository();
    const moderation = createModerationRepository();
    const audit = createAuditRepository();
    const spending = { unverifiedCapE4: dollarsToE4(config.UNVERIFIED_SPENDING_CAP) };
    const rules = moderationRulesFrom({
      reviewThreshold: config.MODERATION_REVIEW_THRESHOLD,
      extraProhibitedTerms: config.MODERATION_PROHIBITED_TERMS,
      extraShortenerDomains: config.MODERATION_SHORTENER_DOMAINS,
      blockedDomains: config.MODERATION_BLOCKED_DOMAINS,
    });
    const places = createDirectoryClient({
      baseUrl: config.DIRECTORY_URL,
      timeoutMs: config.DIRECTORY_TIMEOUT_MS,
      unavailableMessage: 'We cannot check the target cities right now. Please try again in a moment.',
    });
    const documents = createPhotoClient({
      baseUrl: config.PHOTO_URL,
      timeoutMs: config.PHOTO_TIMEOUT_MS,
      unavailableMessage: 'Documents cannot be stored right now. Please try again in a moment.',
      identityHeader: INTERNAL_IDENTITY_HEADER,
    });
    const verifications = createVerificationRepository();
    const delivery = createDeliveryRepository();
    // Derived from the internal secret, so no further secret has to be set: tokens are signed by this service only.
    const tokenSecret = createHmac('sha256', config.INTERNAL_SECRET)
      .update('ad-decision-token')
      .digest('hex');
    const server = createAdServer({
      db,
      store: delivery,
      cache: infra.cache,
      places: createDirectoryPlaces(places),
      logger,
      tokenSecret,
      houseAds: config.HOUSE_ADS,
    });
    const placements = await delivery.placements(db);
    const counting = {
      db,
      store: delivery,
      outbox,
      cache: infra.cache,
      isBot: isbot,
      tokenSecret,
      tokenTtlSeconds: config.AD_TOKEN_TTL_SECONDS,
      burstLimits: {
        impression: config.AD_BURST_IMPRESSIONS_PER_MINUTE,
        click: config.AD_BURST_CLICKS_PER_MINUTE,
      },
      placementIds: new Map(placements.map((placement) => [placement.key, placement.id])),
    };
    const activePlacements = new Set(placements.filter((p) => p.isActive).map((p) => p.key));
    const personalData = createPersonalDataRepository(db);
    return {
      routes(router) {
        personalDataRoutes(router, { store: personalData });
        advertiserRoutes(router, { db, advertisers, outbox, spending });
        campaignRoutes(router, { db, advertisers, campaigns, moderation, outbox, places, rules, spending });
        adminRoutes(router, { db, campaigns, moderation, outbox, audit });
        adRoutes(router, { server, counting, activePlacements: () => activePlacements });
        analyticsRoutes(router, { db, advertisers, campaigns, analytics: createAnalyticsRepository() });
        verificationRoutes(router, {
          db,
          advertisers,
          verifications,
          documents,
          outbox,
          internalSecret: config.INTERNAL_SECRET,
        });
      },
      subscriptions: [
        on(auditRecordedV1, auditRecordedHandler({ db, audit, logger })),
        on(billingAccountSuspendedV1, billingAccountSuspendedHandler({ db, campaigns, outbox, logger })),
        on(userConsentChangedV1, userConsentChangedHandler({ db, cache: infra.cache, logger })),
        on(userDeletedV1, userDeletedHandler({ db, cache: infra.cache, store: personalData, logger })),
      ],
      jobs: [
        campaignExpiryJob({ db, campaigns, outbox, logger }),
        adServerJob(server, logger, config.ADS_REFRESH_MS),
      ],
      retention: {
        tasks: [
          ...adRetentionTasks,
          refusedDocumentsRetention({ documents, internalSecret: config.INTERNAL_SECRET }),
        ],
      },
    };
  },
});
