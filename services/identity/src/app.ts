import { createSessionRevocations } from '@laundry/platform/auth';
import { defineService, on } from '@laundry/platform/service';
import {
  laundromatApprovedV1,
  laundromatSubmittedV1,
  photoUploadedV1,
  reviewCreatedV1,
} from '@laundry/contracts';
import { identityConfigSchema } from './config.ts';
import { createUserRepository } from './infra/user-repository.ts';
import { createContributionRepository } from './infra/contribution-repository.ts';
import { createPasswords } from './domain/passwords.ts';
import { createSignInThrottle } from './domain/sign-in-throttle.ts';
import { authRoutes } from './api/auth-routes.ts';
import { loginPageRoutes } from './api/login-page-routes.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoUploadedHandler } from './consumers/photo-uploaded.handler.ts';
import { laundromatSubmittedHandler } from './consumers/laundromat-submitted.handler.ts';
import { laundromatApprovedHandler } from './consumers/laundromat-approved.handler.ts';

/** Accounts, sessions and the sign-in page; credits contributions (points, counters, badges) from events. */
export const identityService = defineService({
  name: 'identity',
  config: identityConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  async wire({ config, infra, logger, db }) {
    const schema = db.schema;
    const throttle = createSignInThrottle(infra.cache, `identity:${schema}`, {
      windowSeconds: config.LOGIN_WINDOW_SECONDS,
      maxPerEmail: config.LOGIN_MAX_ATTEMPTS_PER_EMAIL,
      maxPerIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    });
    const auth = authRoutes({
      users: createUserRepository(db),
      passwords: await createPasswords(),
      throttle,
      adminEmails: config.ADMIN_EMAILS,
      revocations: createSessionRevocations(infra.cache),
      session: {
        secret: config.SESSION_SECRET,
        ttlSeconds: config.SESSION_TTL_SECONDS,
        secure: config.COOKIE_SECURE,
      },
    });
    const credit = { db, contributions: createContributionRepository(), logger };
    return {
      routes(router) {
        loginPageRoutes(router);
        auth(router);
      },
      subscriptions: [
        on(reviewCreatedV1, reviewCreatedHandler(credit)),
        on(photoUploadedV1, photoUploadedHandler(credit)),
        on(laundromatSubmittedV1, laundromatSubmittedHandler(credit)),
        on(laundromatApprovedV1, laundromatApprovedHandler(credit)),
      ],
      readiness: { cache: () => infra.cache.ready() },
    };
  },
});
