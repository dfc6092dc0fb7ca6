import type { RetentionPolicy, UpdateRetentionPolicyRequest } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import { notFound } from '@laundry/platform/errors';
import { auditSuccess, type AuditContext, type Outbox } from '@laundry/platform/outbox';
import type { RetentionPolicySource } from '@laundry/platform/retention';
import type { RetentionPolicyRepository } from './retention-policy-store.ts';

export interface RetentionPolicyDeps {
  db: Db;
  policies: RetentionPolicyRepository;
  outbox: Outbox;
}

/** An admin's change to a policy, recorded in the audit log with the old and new values in its transaction. */
export async function changeRetentionPolicy(
  deps: RetentionPolicyDeps,
  context: AuditContext,
  id: string,
  change: UpdateRetentionPolicyRequest,
): Promise<RetentionPolicy> {
  return deps.db.tx(async (tx) => {
    const before = await deps.policies.find(tx, id);
    if (!before) throw notFound('Retention policy not found');
    const after = await deps.policies.update(tx, id, change);
    const pick = (policy: RetentionPolicy) => ({
      retentionPeriodDays: policy.retentionPeriodDays,
      isActive: policy.isActive,
      autoDeleteEnabled: policy.autoDeleteEnabled,
      legalBasis: policy.legalBasis,
      jurisdiction: policy.jurisdiction,
    });
    await auditSuccess(tx, deps.outbox, context, {
      action: 'retention_policy.update',
      resource: 'data_retention_policy',
      resourceId: id,
      advertiserId: null,
      oldData: { service: before.service, dataType: before.dataType, ...pick(before) },
      newData: { service: after.service, dataType: after.dataType, ...pick(after) },
    });
    return after;
  });
}

/** Identity reads its own policies from its table; the other services ask it over HTTP. */
export function localPolicySource(policies: RetentionPolicyRepository): RetentionPolicySource {
  return {
    policiesFor: (service) => policies.list(service),
    reportRun: (report) => policies.recordRun(report, new Date()),
  };
}
