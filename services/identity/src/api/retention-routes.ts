import type { Router } from 'express';
import { retentionRunReportSchema } from '@laundry/contracts';
import { identityOperations as operations } from '@laundry/contracts/operations';
import { INTERNAL_IDENTITY_HEADER, readInternalIdentity } from '@laundry/platform/auth';
import { forbidden } from '@laundry/platform/errors';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';
import { changeRetentionPolicy, type RetentionPolicyDeps } from '../domain/retention-policies.ts';

/** Admins see and change the policies; the other services read theirs and report their runs. */
export function retentionRoutes(
  router: Router,
  deps: RetentionPolicyDeps & { internalSecret: string },
): void {
  route(router, operations.listRetentionPolicies, async (_input, _req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json({ policies: await deps.policies.list() });
  });

  // A refused or failed change by a signed-in person is audited too: the admin check runs inside.
  const audit = auditedRoute(deps, (req) => ({
    action: 'retention_policy.update',
    resource: 'data_retention_policy',
    resourceId: String(req.params.id),
  }));
  route(router, operations.updateRetentionPolicy, audit, async ({ params, body }, req, res) => {
    res.json(await changeRetentionPolicy(deps, auditContextOf(req), params.id, body));
  });

  // Service to service: only a caller holding the shared secret (the gateway never routes /internal).
  const requireService = (header: unknown) => {
    if (typeof header !== 'string' || !readInternalIdentity(header, deps.internalSecret)) {
      throw forbidden('Only the services may call this.');
    }
  };

  router.get('/internal/retention-policies', async (req, res) => {
    requireService(req.headers[INTERNAL_IDENTITY_HEADER]);
    const service = typeof req.query.service === 'string' ? req.query.service : undefined;
    res.json({ policies: await deps.policies.list(service) });
  });

  router.post('/internal/retention-policies/runs', async (req, res) => {
    requireService(req.headers[INTERNAL_IDENTITY_HEADER]);
    const report = retentionRunReportSchema.parse(req.body ?? {});
    await deps.policies.recordRun(report, new Date());
    res.status(204).end();
  });
}
