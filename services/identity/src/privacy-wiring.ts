import type { Router } from 'express';
import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import type { RetentionPolicySource, RetentionTask } from '@laundry/platform/retention';
import { createConsentRepository } from './infra/consent-repository.ts';
import { createRetentionPolicyRepository } from './infra/retention-policy-repository.ts';
import { localPolicySource } from './domain/retention-policies.ts';
import { identityRetentionTasks } from './domain/identity-retention-tasks.ts';
import { consentRoutes } from './api/consent-routes.ts';
import { retentionRoutes } from './api/retention-routes.ts';

/**
 * The person's consent records and the data retention policies every service applies (identity keeps them,
 * docs/adr/0017-retention-policies.md): their routes, and identity's own retention tasks.
 */
export function privacyWiring(deps: { db: Db; outbox: Outbox; internalSecret: string }): {
  routes(router: Router): void;
  retention: { tasks: RetentionTask[]; policies: RetentionPolicySource };
} {
  const consents = createConsentRepository(deps.db);
  const policies = createRetentionPolicyRepository(deps.db);
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
