import { fileURLToPath } from 'node:url';
import {
  assembleService,
  createServiceApp,
  createSessionRevocations,
  migrate,
  type Infra,
  type Service,
} from '@laundry/platform';
import {
  laundromatApprovedV1,
  laundromatSubmittedV1,
  photoUploadedV1,
  reviewCreatedV1,
} from '@laundry/contracts';
import type { IdentityConfig } from './config.ts';
import { createUserRepository } from './infra/user-repository.ts';
import { createPasswords } from './domain/passwords.ts';
import { createSignInThrottle } from './domain/sign-in-throttle.ts';
import { authRoutes } from './api/auth-routes.ts';
import { loginPageRoutes } from './api/login-page-routes.ts';
import { createContributionRepository } from './infra/contribution-repository.ts';
import { reviewCreatedHandler } from './consumers/review-created.handler.ts';
import { photoUploadedHandler } from './consumers/photo-uploaded.handler.ts';
import { laundromatSubmittedHandler } from './consumers/laundromat-submitted.handler.ts';
import { laundromatApprovedHandler } from './consumers/laundromat-approved.handler.ts';

export const SERVICE_NAME = 'identity';
const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface IdentityServiceOptions {
  config: IdentityConfig;
  infra: Infra;
}

export async function createIdentityService({ config, infra }: IdentityServiceOptions): Promise<Service> {
  const logger = infra.logger.child({ service: SERVICE_NAME });
  const schema = config.DB_SCHEMA ?? SERVICE_NAME;
  const db = await infra.openDb(schema);
  await migrate(db, MIGRATIONS_DIR, { logger });

  const users = createUserRepository(db);
  const passwords = await createPasswords();
  const throttle = createSignInThrottle(infra.cache, `${SERVICE_NAME}:${schema}`, {
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
    maxPerEmail: config.LOGIN_MAX_ATTEMPTS_PER_EMAIL,
    maxPerIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
  });

  const bus = infra.bus(SERVICE_NAME);
  // The events this service reacts to: contributions that earn the user points, counters and a badge.
  const credit = { db, contributions: createContributionRepository(), logger };
  bus.subscribe(reviewCreatedV1, reviewCreatedHandler(credit));
  bus.subscribe(photoUploadedV1, photoUploadedHandler(credit));
  bus.subscribe(laundromatSubmittedV1, laundromatSubmittedHandler(credit));
  bus.subscribe(laundromatApprovedV1, laundromatApprovedHandler(credit));

  const app = createServiceApp({
    name: SERVICE_NAME,
    logger,
    internalSecret: config.INTERNAL_SECRET,
    bodyLimit: config.BODY_LIMIT,
    readiness: {
      database: () => db.ping().then(() => true),
      cache: () => infra.cache.ready(),
      broker: () => bus.ready(),
    },
    routes: (router) => {
      loginPageRoutes(router);
      authRoutes({
        users,
        passwords,
        throttle,
        adminEmails: config.ADMIN_EMAILS,
        revocations: createSessionRevocations(infra.cache),
        session: {
          secret: config.SESSION_SECRET,
          ttlSeconds: config.SESSION_TTL_SECONDS,
          secure: config.COOKIE_SECURE,
        },
      })(router);
    },
  });

  return assembleService({
    name: SERVICE_NAME,
    app,
    startBackground: () => bus.start(),
    close: () => db.close(),
  });
}
