import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { defineService, INTERNAL_IDENTITY_HEADER, on, signInternalIdentity } from '@laundry/platform';
import {
  advertiserNoticeRaisedV1,
  createMailClient,
  auditRecordedV1,
  billingAccountSuspendedV1,
  billingPaymentMethodChangedV1,
  createDirectoryClient,
  createPhotoClient,
  userConsentChangedV1,
  userEmailVerifiedV1,
  laundromatOwnerReleasedV1,
  laundromatOwnerVerifiedV1,
} from '@laundry/contracts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { collectPersonalData } from './domain/personal-data.ts';
import { forgetViewer } from './domain/delivery/forget-viewer.ts';
import { adConfigSchema } from './config.ts';
import { createAdvertiserRepository } from './infra/advertiser-repository.ts';
import { createCampaignRepository } from './infra/campaign-repository.ts';
import { createModerationRepository } from './infra/moderation-repository.ts';
import { createPendingContentRepository } from './infra/pending-content-repository.ts';
import { createAuditRepository } from './infra/audit-repository.ts';
import { createVerificationRepository } from './infra/verification-repository.ts';
import { moderationRulesFrom } from './domain/moderation-rules.ts';
import { dollarsToE4 } from '@laundry/contracts/money';
import { advertiserRoutes } from './api/advertiser-routes.ts';
import { campaignRoutes } from './api/campaign-routes.ts';
import { adminRoutes } from './api/admin-routes.ts';
import { verificationRoutes } from './api/verification-routes.ts';
import { auditRecordedHandler } from './consumers/audit-recorded.handler.ts';
import { billingAccountSuspendedHandler } from './consumers/billing-account-suspended.handler.ts';
import { userConsentChangedHandler } from './consumers/user-consent-changed.handler.ts';
import { userEmailVerifiedHandler } from './consumers/user-email-verified.handler.ts';
import { billingPaymentMethodChangedHandler } from './consumers/billing-payment-method-changed.handler.ts';
import { createAccountStandingRepository } from './infra/account-standing-repository.ts';
import { createNoticeRepository } from './infra/notice-repository.ts';
import { noticeRoutes } from './api/notice-routes.ts';
import { advertiserNoticeRaisedHandler } from './consumers/advertiser-notice-raised.handler.ts';
import { campaignExpiryJob } from './jobs/campaign-expiry.job.ts';
import { adRetentionTasks } from './domain/retention/ad-retention-tasks.ts';
import { refusedDocumentsRetention } from './domain/retention/refused-documents.ts';
import { adRetentionPolicies } from './domain/retention/ad-retention-policies.ts';
import { adServerJob } from './jobs/ad-server.job.ts';
import { createDeliveryRepository } from './infra/delivery-repository.ts';
import { createAnalyticsRepository } from './infra/analytics-repository.ts';
import { createDirectoryPlaces } from './infra/directory-places.ts';
import { createAdServer } from './domain/delivery/ad-server.ts';
import { adRoutes } from './api/ad-routes.ts';
import { analyticsRoutes } from './api/analytics-routes.ts';
import { pricingRoutes } from './api/pricing-routes.ts';
import { adPricing } from './domain/pricing.ts';
import { promotionRoutes } from './api/promotion-routes.ts';
import { createPromotedListingReader } from './infra/promoted-listing.ts';
import { laundromatOwnerHandlers, laundromatOwnerOf } from '@laundry/platform/bus';
import { createTeamRepository } from './infra/team-repository.ts';
import { teamRoutes } from './api/team-routes.ts';
import { teamGuard } from './api/team-guard.ts';
import { reachRoutes } from './api/reach-routes.ts';
import { createRequestCounter } from './domain/delivery/request-counts.ts';
import { createRequestCountRepository } from './infra/request-count-repository.ts';
import { requestCountJob } from './jobs/request-count.job.ts';

/**
 * Advertisers, campaigns, their moderation, business verification, ad delivery and the audit log: publishes campaign.created.v2 and
 * audit.recorded.v1, ad.impression-recorded.v2 and ad.click-recorded.v2, and stores every service's audit.recorded.v1 in the append-only log admins search.
 * Serves an advertiser's campaigns only once user.email-verified.v1 and billing.payment-method-changed.v1
 * said the address is verified and a card is on file (without a card, within AD_TRIAL_CREDIT).
 */
export const adService = defineService({
  name: 'ad',
  config: adConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  async wire({ config, db, outbox, logger, infra }) {
    const advertisers = createAdvertiserRepository();
    const campaigns = createCampaignRepository();
    const moderation = createModerationRepository();
    const pending = createPendingContentRepository();
    const audit = createAuditRepository();
    // What the advertiser is told on the dashboard (and, through identity, by mail).
    const notices = createNoticeRepository();
    // Address verified and payment method on file, from identity's and billing's events: the serving rule's input.
    const standing = createAccountStandingRepository();
    const trialCreditE4 = config.AD_TRIAL_CREDIT;
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
    const placements = await delivery.placements(db);
    const pricing = adPricing(placements, config.BILLING_PLATFORM_FEE_RATE);
    const server = createAdServer({
      db,
      store: delivery,
      cache: infra.cache,
      places: createDirectoryPlaces(places),
      logger,
      tokenSecret,
      houseAds: config.HOUSE_ADS,
      trialCreditE4,
      placementFactorsBp: new Map(placements.map((placement) => [placement.key, placement.factorBp])),
    });
    const counting = {
      db,
      store: delivery,
      outbox,
      cache: infra.cache,
      isBot: isbot,
      tokenSecret,
      tokenTtlSeconds: config.AD_TOKEN_TTL_SECONDS,
      linkTtlSeconds: config.AD_CLICK_LINK_TTL_SECONDS,
      burstLimits: {
        impression: config.AD_BURST_IMPRESSIONS_PER_MINUTE,
        click: config.AD_BURST_CLICKS_PER_MINUTE,
      },
      dailyClickCaps: {
        perAddress: config.AD_DAILY_CLICKS_PER_ADDRESS,
        perViewer: config.AD_DAILY_CLICKS_PER_VIEWER,
      },
      placementIds: new Map(placements.map((placement) => [placement.key, placement.id])),
      standing,
      trialCreditE4,
      notices,
    };
    const owners = laundromatOwnerHandlers({ db, logger, service: 'ad' });
    const activePlacements = new Set(placements.filter((p) => p.isActive).map((p) => p.key));
    const personalData = createPersonalDataRepository(db);
    // Every ad request, served or not, by area and day: the campaign form's reach estimate.
    const requests = createRequestCounter();
    const requestCounts = createRequestCountRepository();
    // The owner's colleagues; identity mails their invitations (its mail path, its retries).
    const team = createTeamRepository();
    const teamDeps = {
      db,
      advertisers,
      team,
      outbox,
      logger,
      mail: createMailClient({
        baseUrl: config.IDENTITY_URL,
        timeoutMs: config.IDENTITY_TIMEOUT_MS,
        unavailableMessage: 'We could not send the invitation right now. Please try again in a moment.',
        identityHeader: INTERNAL_IDENTITY_HEADER,
        sign: () => signInternalIdentity(undefined, config.INTERNAL_SECRET, 'service:ad'),
      }),
    };
    return {
      routes(router) {
        // First: a team member's call their role does not allow never reaches the routes below.
        teamGuard(router, { db, team });
        teamRoutes(router, { ...teamDeps, publicUrl: config.PUBLIC_URL });
        reachRoutes(router, { db, requestCounts });
        advertiserRoutes(router, { db, advertisers, outbox, spending, serving: { standing, trialCreditE4 } });
        campaignRoutes(router, {
          db,
          advertisers,
          campaigns,
          moderation,
          outbox,
          places,
          rules,
          spending,
          pending,
          notices,
        });
        adminRoutes(router, { db, campaigns, moderation, outbox, audit, pending, notices });
        noticeRoutes(router, { db, notices, team });
        adRoutes(router, {
          server,
          counting,
          activePlacements: () => activePlacements,
          requests,
          promotions: { db, campaigns },
        });
        promotionRoutes(router, {
          db,
          advertisers,
          campaigns,
          moderation,
          outbox,
          places,
          rules,
          spending,
          pending,
          notices,
          tokenSecret,
          publicUrl: config.PUBLIC_URL,
          ownerOf: (laundromatId) => laundromatOwnerOf(db, laundromatId),
          listing: createPromotedListingReader({
            directoryUrl: config.DIRECTORY_URL,
            photoUrl: config.PHOTO_URL,
            timeoutMs: config.DIRECTORY_TIMEOUT_MS,
          }),
        });
        pricingRoutes(router, { pricing: () => pricing });
        analyticsRoutes(router, { db, advertisers, campaigns, analytics: createAnalyticsRepository() });
        verificationRoutes(router, {
          db,
          advertisers,
          verifications,
          documents,
          outbox,
          notices,
          internalSecret: config.INTERNAL_SECRET,
        });
      },
      subscriptions: [
        on(auditRecordedV1, auditRecordedHandler({ db, audit, logger })),
        on(
          billingAccountSuspendedV1,
          billingAccountSuspendedHandler({ db, campaigns, outbox, notices, logger }),
        ),
        on(advertiserNoticeRaisedV1, advertiserNoticeRaisedHandler({ db, notices, logger })),
        on(userConsentChangedV1, userConsentChangedHandler({ db, cache: infra.cache, logger })),
        on(userEmailVerifiedV1, userEmailVerifiedHandler({ db, standing, logger })),
        on(billingPaymentMethodChangedV1, billingPaymentMethodChangedHandler({ db, standing, logger })),
        // Who owns which laundromat: only its owner may promote it.
        on(laundromatOwnerVerifiedV1, owners.verified),
        on(laundromatOwnerReleasedV1, owners.released),
      ],
      jobs: [
        campaignExpiryJob({ db, campaigns, outbox, logger }),
        adServerJob(server, logger, config.ADS_REFRESH_MS),
        requestCountJob({ db, counter: requests, store: requestCounts, logger }, config.AD_REQUEST_FLUSH_MS),
      ],
      retention: {
        tasks: [
          ...adRetentionTasks,
          refusedDocumentsRetention({ documents, internalSecret: config.INTERNAL_SECRET }),
        ],
      },
      personalData,
      cache: infra.cache,
    };
  },
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData, userId),
    // Their campaigns end, their advertiser profile is erased, their ad events and audit entries are
    // anonymised and their frequency counters in the cache dropped (as a consent withdrawal drops them).
    // What billing owes or is owed is billing's to settle.
    erase: async (wired, tx, { userId }) => {
      const erased = await wired.personalData.erase(tx, userId);
      await tx.query('DELETE FROM advertiser_notices WHERE user_id = $1', [userId]);
      // What they dismissed as someone's colleague: theirs alone.
      await tx.query('DELETE FROM advertiser_notice_dismissals WHERE user_id = $1', [userId]);
      await forgetViewer({ db: tx, cache: wired.cache }, { userId, adViewerId: null });
      return { ...erased };
    },
  },
  retention: adRetentionPolicies,
});
