import type { Router } from 'express';
import type { Db } from '@laundry/platform';
import type { ApiOperation } from '@laundry/contracts/operations';
import { adOperations, adPromotionOperations } from '@laundry/contracts/operations';
import { mayDo, refusal, type TeamPermission } from '../domain/team-access.ts';
import type { TeamStore } from '../domain/team-store.ts';

/**
 * What each of an advertiser's calls needs of a team member's role. Reading the campaigns and their figures
 * is every member's; changing anything is a manager's. The team's own calls check the owner in team.ts, and
 * billing refuses members in its own service.
 */
const needs: [ApiOperation, TeamPermission][] = [
  [adOperations.updateMyAdvertiser, 'manage'],
  [adOperations.getMyVerification, 'manage'],
  [adOperations.submitVerification, 'manage'],
  [adOperations.getVerificationDocument, 'manage'],
  [adOperations.createCampaign, 'manage'],
  [adOperations.updateCampaign, 'manage'],
  [adOperations.changeCampaignStatus, 'manage'],
  [adOperations.withdrawCampaignChange, 'manage'],
  [adOperations.duplicateCampaign, 'manage'],
  [adPromotionOperations.promoteLaundromat, 'manage'],
  [adOperations.listCampaigns, 'reports'],
  [adOperations.getCampaign, 'reports'],
  [adOperations.campaignAnalytics, 'reports'],
  [adOperations.getMyAdvertiserServing, 'reports'],
];

const pattern = (path: string) =>
  new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replaceAll('/', '\\/')}\\/?$`, 'i');

const checks = needs.map(([operation, permission]) => ({
  method: operation.method.toUpperCase(),
  path: pattern(operation.path),
  permission,
}));

/**
 * Registered before the advertiser's routes: a team member's call their role does not allow is refused
 * (403, saying what the role allows) before it reaches the route. The owner's and anyone else's calls pass.
 */
export function teamGuard(router: Router, deps: { db: Db; team: TeamStore }): void {
  router.use(async (req, _res, next) => {
    try {
      const check = req.user && checks.find((c) => c.method === req.method && c.path.test(req.path));
      if (!check) return next();
      const membership = await deps.team.membershipOf(deps.db, req.user!.id);
      next(membership && !mayDo(membership.role, check.permission) ? refusal(check.permission) : undefined);
    } catch (error) {
      next(error);
    }
  });
}
