import type { Router } from 'express';
import { currentUser, notFound, type Db } from '@laundry/platform';
import { adOperations as operations } from '@laundry/contracts/operations';
import {
  decideModeration,
  moderationQueue,
  reviewNotFoundMessage,
  type ModerationDeps,
} from '../domain/moderation.ts';
import { searchAudit, type AuditStore } from '../domain/audit-log.ts';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';

export interface AdminRouteDeps extends ModerationDeps {
  audit: AuditStore;
  db: Db;
}

export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  // Every admin call is audited, a refused one (not an admin, a bad id or body) included.
  const auditedAs = (describe: Parameters<typeof auditedRoute>[1]) => auditedRoute(deps, describe);

  route(
    router,
    operations.listModerationQueue,
    auditedAs(() => ({ action: 'admin.moderation.list', resource: 'moderation', resourceId: null })),
    async ({ query }, _req, res) => {
      res.json(await moderationQueue(deps, query.status));
    },
  );

  const decision = auditedAs((req) => ({
    action: `moderation.${typeof req.body?.decision === 'string' ? req.body.decision.slice(0, 40) : 'decide'}`,
    resource: 'moderation',
    resourceId: typeof req.params.reviewId === 'string' ? req.params.reviewId.slice(0, 255) : null,
  }));
  route(
    router,
    operations.decideModeration,
    { ...decision, invalidParams: () => notFound(reviewNotFoundMessage) },
    async ({ params, body }, req, res) => {
      res.json(await decideModeration(deps, auditContextOf(req), currentUser(req), params.reviewId, body));
    },
  );

  route(
    router,
    operations.searchAuditLog,
    auditedAs(() => ({ action: 'admin.audit.search', resource: 'audit', resourceId: null })),
    async ({ query }, _req, res) => {
      res.json(await searchAudit(deps.db, deps.audit, query));
    },
  );
}
