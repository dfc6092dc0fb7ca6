import { createSessionRevocations } from '@laundry/platform/auth';
import { defineService, on } from '@laundry/platform/service';
import {
  laundromatApprovedV1,
  laundromatSubmittedV1,
  laundromatSuggestionDecidedV1,
  photoUploadedV1,
  reviewCreatedV1,
  reviewOwnerRepliedV1,
  laundromatOwnerNoticeRaisedV1,
  advertiserNoticeRaisedV1,
} from '@laundry/contracts';
import { identityConfigSchema } from './config.ts';
import { createUserRepository } from './infra/user-repository.ts';
import { withVerificationEvents } from './domain/email-verified-event.ts';
import { createContributionRepository } from './infra/contribution-repository.ts';
import { createAccountLinkRepository } from './infra/account-link-repository.ts';
import { createSessionRepository } from './infra/session-repository.ts';
import { chooseMailer } from './infra/choose-mailer.ts';
import { endUnlistedAdminSessions, withListedRoles } from './domain/admin-role.ts';
import { createPasswords } from './domain/passwords.ts';
import { createSignInThrottle } from './domain/sign-in-throttle.ts';
import {
  createMailRequestThrottle,
  TOO_MANY_LINK_REQUESTS_MESSAGE,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
} from './domain/mail-request-throttle.ts';
import {
  accountMailJobOptions,
  accountMailQueueName,
  type AccountMailJob,
} from './domain/account-mail-job.ts';
import { authRoutes } from './api/auth-routes.ts';
import { accountRoutes } from './api/account-routes.ts';
import { createSessionIssuer } from './api/session-issuer.ts';
import { loginPageRoutes } from './api/login-page-routes.ts';
import { devMailRoutes } from './api/dev-mail-routes.ts';
import { accountMailJob } from './jobs/account-mail.job.ts';
import { privacyWiring } from './privacy-wiring.ts';
import { createAccountDataRepository } from './infra/account-data-repository.ts';
import { collectAccountData } from './domain/account-data.ts';
import { identityRetentionPolicies } from './domain/identity-retention-tasks.ts';
import { erasureWiring } from './erasure-wiring.ts';
import { ownerNoticeHandler } from './consumers/owner-notice.handler.ts';
import { advertiserNoticeHandler } from './consumers/advertiser-notice.handler.ts';
import { accountMailTexts } from './login-page/mail-texts.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoUploadedHandler } from './consumers/photo-uploaded.handler.ts';
import { laundromatSubmittedHandler } from './consumers/laundromat-submitted.handler.ts';
import { laundromatApprovedHandler } from './consumers/laundromat-approved.handler.ts';
import { laundromatSuggestionDecidedHandler } from './consumers/laundromat-suggestion-decided.handler.ts';
import { reviewOwnerRepliedHandler } from './consumers/review-owner-replied.handler.ts';
import { notificationRoutes } from './api/notification-routes.ts';
import {
  createNotificationPreferenceRepository,
  createRelayedMailRepository,
} from './infra/notification-repository.ts';
import { unsubscribeKey } from './domain/unsubscribe-token.ts';
import { notificationTexts } from './login-page/notification-texts.ts';

/**
 * Accounts, sessions, the sign-in page and the e-mailed links (address verification, password reset);
 * credits contributions (points, counters, badges) from events.
 */
export const identityService = defineService({
  name: 'identity',
  config: identityConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  async wire({ config, infra, logger, db, outbox }) {
    const schema = db.schema;
    const cachePrefix = `identity:${schema}`;
    const mailJobs = infra.jobs<AccountMailJob>(accountMailQueueName);
    const throttle = createSignInThrottle(
      infra.cache,
      cachePrefix,
      {
        windowSeconds: config.LOGIN_WINDOW_SECONDS,
        maxPerEmail: config.LOGIN_MAX_ATTEMPTS_PER_EMAIL,
        maxPerIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
        accountFreeFailures: config.LOGIN_ACCOUNT_FREE_FAILURES,
        accountDelaySeconds: config.LOGIN_ACCOUNT_DELAY_SECONDS,
        accountMaxDelaySeconds: config.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
      },
      async (email) => {
        // The owner hears once per episode; a queue out of reach must not change the sign-in's answer.
        await mailJobs
          .add({ kind: 'sign-in-delay', email }, accountMailJobOptions)
          .catch((err: unknown) => logger.error({ err }, 'sign-in warning e-mail not queued'));
      },
    );
    const users = withVerificationEvents(
      withListedRoles(createUserRepository(db), config.ADMIN_EMAILS),
      outbox,
    );
    const links = createAccountLinkRepository(db);
    const mail = chooseMailer(config, db, logger);
    // The same limits for every request that sends a mail: a reset link, a new verification link.
    const mailRequestLimits = {
      windowSeconds: config.FORGOT_PASSWORD_WINDOW_SECONDS,
      maxPerAddress: config.FORGOT_PASSWORD_MAX_PER_ADDRESS,
      maxPerClient: config.FORGOT_PASSWORD_MAX_PER_CLIENT,
    };
    const sessionSettings = {
      secret: config.SESSION_SECRET,
      ttlSeconds: config.SESSION_TTL_SECONDS,
      secure: config.COOKIE_SECURE,
    };
    const sessions = createSessionRepository(db);
    const issuer = createSessionIssuer({
      sessions,
      settings: sessionSettings,
      recordAdminSession: (userId) => users.recordSessionRole(userId, 'admin'),
    });
    const revocations = createSessionRevocations(infra.cache);
    // ADMIN_EMAILS is read once, at start: whoever it no longer names loses their admin sessions now.
    const demoted = await endUnlistedAdminSessions(
      { users, revocations, ttlSeconds: config.SESSION_TTL_SECONDS },
      config.ADMIN_EMAILS,
    );
    if (demoted.length > 0)
      logger.info({ userIds: demoted }, 'admin sessions ended: no longer in ADMIN_EMAILS');
    const passwords = await createPasswords();
    const auth = authRoutes({
      db,
      users,
      links,
      passwords,
      throttle,
      forgotPasswordThrottle: createMailRequestThrottle(
        infra.cache,
        `${cachePrefix}:forgot`,
        mailRequestLimits,
        TOO_MANY_RESET_REQUESTS_MESSAGE,
      ),
      verificationThrottle: createMailRequestThrottle(
        infra.cache,
        `${cachePrefix}:verify`,
        mailRequestLimits,
        TOO_MANY_LINK_REQUESTS_MESSAGE,
      ),
      // Never refuses (allow): it only decides whether a taken address's owner is told once more.
      signUpThrottle: createMailRequestThrottle(
        infra.cache,
        `${cachePrefix}:sign-up`,
        mailRequestLimits,
        TOO_MANY_LINK_REQUESTS_MESSAGE,
      ),
      mailJobs,
      revocations,
      sessions,
      issuer,
      session: sessionSettings,
    });
    const account = accountRoutes({
      db,
      users,
      links,
      passwords,
      throttle,
      // A link to a new address is a mail sent, limited like the others.
      emailChangeThrottle: createMailRequestThrottle(
        infra.cache,
        `${cachePrefix}:email-change`,
        mailRequestLimits,
        TOO_MANY_LINK_REQUESTS_MESSAGE,
      ),
      mailJobs,
      sessions,
      issuer,
      revocations,
      session: sessionSettings,
    });
    // Every service's mail comes through here (POST /internal/mail), so it takes the same path as ours.
    const preferences = createNotificationPreferenceRepository(db);
    const relayed = createRelayedMailRepository(db);
    const notificationKey = unsubscribeKey(config.SESSION_SECRET);
    const notifications = {
      users,
      preferences,
      unsubscribeKey: notificationKey,
      internalSecret: config.INTERNAL_SECRET,
      relay: {
        users,
        preferences,
        relayed,
        mailJobs,
        texts: notificationTexts,
        unsubscribeKey: notificationKey,
        publicUrl: config.PUBLIC_URL,
      },
    };
    const credit = { db, contributions: createContributionRepository(), logger };
    const privacy = await privacyWiring({ db, outbox, internalSecret: config.INTERNAL_SECRET, logger });
    const erasure = await erasureWiring({ config, db, infra, outbox, logger, users, mailer: mail.mailer });
    return {
      routes(router) {
        loginPageRoutes(router, {
          users,
          links,
          resetLinkTtlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
          verificationTtlSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS,
        });
        auth(router);
        account(router);
        privacy.routes(router);
        erasure.routes(router);
        notificationRoutes(router, notifications);
        if (mail.kind === 'local-outbox') devMailRoutes(router, mail.outbox);
      },
      subscriptions: [
        on(reviewCreatedV1, reviewCreatedHandler(credit)),
        on(photoUploadedV1, photoUploadedHandler(credit)),
        on(laundromatSubmittedV1, laundromatSubmittedHandler(credit)),
        on(laundromatApprovedV1, laundromatApprovedHandler(credit)),
        on(laundromatSuggestionDecidedV1, laundromatSuggestionDecidedHandler({ ...credit, mailJobs })),
        on(
          reviewOwnerRepliedV1,
          reviewOwnerRepliedHandler({
            relay: notifications.relay,
            texts: accountMailTexts,
            publicUrl: config.PUBLIC_URL,
            logger,
          }),
        ),
        on(
          laundromatOwnerNoticeRaisedV1,
          ownerNoticeHandler({ relay: notifications.relay, publicUrl: config.PUBLIC_URL, logger }),
        ),
        on(
          advertiserNoticeRaisedV1,
          advertiserNoticeHandler({ relay: notifications.relay, publicUrl: config.PUBLIC_URL, logger }),
        ),
      ],
      jobs: [
        // Before the account mail job, whose stop closes the mailer both use.
        ...erasure.jobs,
        accountMailJob({
          queue: mailJobs,
          logger,
          onStop: mail.close,
          send: {
            users,
            links,
            mailer: mail.mailer,
            relayed,
            texts: accountMailTexts,
            settings: {
              publicUrl: config.PUBLIC_URL,
              verificationTtlSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS,
              resetTtlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
            },
          },
        }),
      ],
      retention: privacy.retention,
      readiness: { cache: () => infra.cache.ready(), mailJobs: () => mailJobs.ready() },
      accountData: createAccountDataRepository(db),
    };
  },
  // The account's row went when its erasure was recorded (DELETE /api/me).
  personalData: {
    export: (wired, userId) => collectAccountData(wired.accountData, userId),
    erase: async (_wired, tx, { eventId }) => {
      // This event's own row too (it names the person): it was delivered, so it is published, though the
      // relay that marked it so may not have committed yet (this waits for it rather than missing it).
      await tx.query('DELETE FROM outbox WHERE id = $1', [eventId]);
      return {};
    },
  },
  retention: identityRetentionPolicies,
});
