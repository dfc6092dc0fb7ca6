import type { Router } from 'express';
import type { Db } from '@laundry/platform/db';
import { requireNoTeamRole, type TeamMemberStore } from '../domain/team-members.ts';

/**
 * An advertiser's own billing calls: statements and their documents, revenue, invoices, billing details and
 * payment methods (not the provider's webhook, nor the test checkout a session was started for).
 */
const ownerOnlyPaths =
  /^\/api\/(payouts|analytics\/revenue|billing\/(account|invoices|payment-method|details))(\/|$)/i;

/** Registered before those routes: a member of an advertiser's team is refused there (team-members.ts). */
export function teamGuard(router: Router, deps: { db: Db; teamMembers: TeamMemberStore }): void {
  router.use(async (req, _res, next) => {
    try {
      if (req.user && ownerOnlyPaths.test(req.path)) await requireNoTeamRole(deps, req.user.id);
      next();
    } catch (error) {
      next(error);
    }
  });
}
