import type { Router } from 'express';
import { userDeletedV1 } from '@laundry/contracts';
import { createSessionRevocations } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import type { Infra } from '@laundry/platform/infra';
import type { Logger } from '@laundry/platform/logging';
import type { Outbox } from '@laundry/platform/outbox';
import { on, type BackgroundWork, type Subscription } from '@laundry/platform/service';
import type { Mailer } from './domain/mailer.ts';
import type { IdentityConfig } from './config.ts';
import { createPasswords } from './domain/passwords.ts';
import type { UserRepository } from './domain/user-store.ts';
import { erasureMailJobOptions, erasureMailQueueName, type ErasureMailJob } from './domain/erasure-mail.ts';
import { createAccountDataRepository } from './infra/account-data-repository.ts';
import { accountErasureRoutes } from './api/account-erasure-routes.ts';
import { erasureMailJob } from './jobs/erasure-mail.job.ts';
import { erasureMailTexts } from './login-page/erasure-mail-texts.ts';
import { userDeletedHandler } from './consumers/user-deleted.handler.ts';

/**
 * A person's data rights at identity (docs/adr/0018-account-erasure.md): DELETE /api/me, the internal export
 * of the account, the confirmation e-mail's queue, and identity's own part of user.deleted.v1.
 */
export async function erasureWiring(deps: {
  config: IdentityConfig;
  db: Db;
  infra: Infra;
  outbox: Outbox;
  logger: Logger;
  users: UserRepository;
  mailer: Mailer;
}): Promise<{ routes(router: Router): void; subscriptions: Subscription[]; jobs: BackgroundWork[] }> {
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
        accountData: createAccountDataRepository(deps.db),
        endAllSessionsOf: (userId) => revocations.revokeAllOf(userId, session.ttlSeconds),
        queueConfirmation: (job) => queue.add(job, erasureMailJobOptions),
      });
    },
    subscriptions: [on(userDeletedV1, userDeletedHandler({ db: deps.db, logger: deps.logger }))],
    jobs: [erasureMailJob({ queue, mailer: deps.mailer, texts: erasureMailTexts, logger: deps.logger })],
  };
}
