import type { Router } from 'express';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { Outbox } from '@laundry/platform/outbox';
import type { RetentionPolicySource, RetentionTask } from '@laundry/platform/retention';
import { createConsentRepository } from './infra/consent-repository.ts';
import { createRetentionPolicyRepository } from './infra/retention-policy-repository.ts';
import { localPolicySource } from './domain/retention-policies.ts';
import { identityRetentionTasks } from './domain/identity-retention-tasks.ts';
import { readDeclaredRetentionPolicies } from './infra/declared-retention-policies.ts';
import { consentRoutes } from './api/consent-routes.ts';
import { retentionRoutes } from './api/retention-routes.ts';

/**
 * The person's consent records and the data retention policies every service applies (identity keeps them,
 * docs/adr/0017-retention-policies.md): their routes, and identity's own retention tasks. The policies
 * every listed service declares and identity does not hold yet are added as it starts.
 */
export async function privacyWiring(deps: {
  db: Db;
  outbox: Outbox;
  internalSecret: string;
  logger: Logger;
}): Promise<{
  routes(router: Router): void;
  retention: { tasks: RetentionTask[]; policies: RetentionPolicySource };
}> {
  const consents = createConsentRepository(deps.db);
  const policies = createRetentionPolicyRepository(deps.db);
  const added = await policies.addMissing(readDeclaredRetentionPolicies());
  if (added > 0) deps.logger.info({ added }, 'declared retention policies added');
  return {
    routes(router) {
      consentRoutes(router, { db: deps.db, consents, outbox: deps.outbox });
      retentionRoutes(router, {
        db: deps.db,
        policies,
        outbox: deps.outbox,
        internalSecret: deps.internalSecret,
      });
    },
    retention: { tasks: identityRetentionTasks(deps.outbox), policies: localPolicySource(policies) },
  };
}
