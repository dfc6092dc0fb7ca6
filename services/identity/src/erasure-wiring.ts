import type { Router } from 'express';
import { createSessionRevocations } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Infra } from '@laundry/platform/infra';
import type { Logger } from '@laundry/platform/logging';
import type { Outbox } from '@laundry/platform/outbox';
import type { BackgroundWork } from '@laundry/platform/service';
import type { Mailer } from './domain/mailer.ts';
import type { IdentityConfig } from './config.ts';
import { createPasswords } from './domain/passwords.ts';
import type { UserRepository } from './domain/user-store.ts';
import { erasureMailJobOptions, erasureMailQueueName, type ErasureMailJob } from './domain/erasure-mail.ts';
import { accountErasureRoutes } from './api/account-erasure-routes.ts';
import { erasureMailJob } from './jobs/erasure-mail.job.ts';
import { erasureMailTexts } from './login-page/erasure-mail-texts.ts';

/**
 * An account's erasure at identity (docs/adr/0018-account-erasure.md): DELETE /api/me and the confirmation
 * e-mail's queue. Its export and its part of user.deleted.v1 are the app's personalData.
 */
export async function erasureWiring(deps: {
  config: IdentityConfig;
  db: Db;
  infra: Infra;
  outbox: Outbox;
  logger: Logger;
  users: UserRepository;
  mailer: Mailer;
}): Promise<{ routes(router: Router): void; jobs: BackgroundWork[] }> {
  const { config } = deps;
  const queue = deps.infra.jobs<ErasureMailJob>(erasureMailQueueName);
  const revocations = createSessionRevocations(deps.infra.cache);
  const passwords = await createPasswords();
  const session = {
    secret: config.SESSION_SECRET,
    ttlSeconds: config.SESSION_TTL_SECONDS,
    secure: config.COOKIE_SECURE,
  };
  return {
    routes(router) {
      accountErasureRoutes(router, {
        db: deps.db,
        users: deps.users,
        passwords,
        outbox: deps.outbox,
        session,
        endAllSessionsOf: (userId) => revocations.revokeAllOf(userId, session.ttlSeconds),
        queueConfirmation: (job) => queue.add(job, erasureMailJobOptions),
      });
    },
    jobs: [erasureMailJob({ queue, mailer: deps.mailer, texts: erasureMailTexts, logger: deps.logger })],
  };
}
