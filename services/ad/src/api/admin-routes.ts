import type { Router } from 'express';
import { z } from 'zod';
import { notFound, requireUser, type Db } from '@laundry/platform';
import {
  auditQuerySchema,
  idSchema,
  moderationDecisionRequestSchema,
  moderationStatusSchema,
} from '@laundry/contracts';
import {
  decideModeration,
  moderationQueue,
  reviewNotFoundMessage,
  type ModerationDeps,
} from '../domain/moderation.ts';
import { searchAudit, type AuditStore } from '../domain/audit-log.ts';
import { audited, auditContextOf } from '@laundry/platform/http';
import { currentAdmin } from '@laundry/platform/auth';

export interface AdminRouteDeps extends ModerationDeps {
  audit: AuditStore;
  db: Db;
}

const statusQuery = z.object({ status: moderationStatusSchema.default('pending') });

export function adminRoutes(router: Router, deps: AdminRouteDeps): void {
  router.get(
    '/api/admin/moderation',
    requireUser,
    audited(
      deps,
      () => ({ action: 'admin.moderation.list', resource: 'moderation', resourceId: null }),
      async (req, res) => {
        currentAdmin(req);
        const { status } = statusQuery.parse(req.query);
        res.json(await moderationQueue(deps, status));
      },
    ),
  );

  router.post(
    '/api/admin/moderation/:reviewId',
    requireUser,
    audited(
      deps,
      (req) => ({
        action: `moderation.${typeof req.body?.decision === 'string' ? req.body.decision.slice(0, 40) : 'decide'}`,
        resource: 'moderation',
        resourceId: typeof req.params.reviewId === 'string' ? req.params.reviewId.slice(0, 255) : null,
      }),
      async (req, res) => {
        const admin = currentAdmin(req);
        const reviewId = idSchema.safeParse(req.params.reviewId);
        if (!reviewId.success) throw notFound(reviewNotFoundMessage);
        const decision = moderationDecisionRequestSchema.parse(req.body ?? {});
        res.json(await decideModeration(deps, auditContextOf(req), admin, reviewId.data, decision));
      },
    ),
  );

  router.get(
    '/api/admin/audit',
    requireUser,
    audited(
      deps,
      () => ({ action: 'admin.audit.search', resource: 'audit', resourceId: null }),
      async (req, res) => {
        currentAdmin(req);
        res.json(await searchAudit(deps.db, deps.audit, auditQuerySchema.parse(req.query)));
      },
    ),
  );
}
