import type { Router } from 'express';
import { currentUser } from '@laundry/platform';
import { adOperations as operations } from '@laundry/contracts/operations';
import { createProfile, currentProfile, updateProfile, type AdvertiserDeps } from '../domain/advertisers.ts';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';
import { advertiserServing, type ServingDeps } from '../domain/advertiser-serving.ts';

export function advertiserRoutes(
  router: Router,
  deps: AdvertiserDeps & { serving: Omit<ServingDeps, 'db' | 'advertisers'> },
): void {
  const auditedAs = (action: string) =>
    auditedRoute(deps, () => ({ action, resource: 'advertiser', resourceId: null }));

  route(router, operations.getMyAdvertiser, async (_input, req, res) => {
    res.json(await currentProfile(deps, currentUser(req)));
  });

  route(router, operations.getMyAdvertiserServing, async (_input, req, res) => {
    res.json(await advertiserServing({ ...deps, ...deps.serving }, currentUser(req)));
  });

  route(router, operations.createAdvertiser, auditedAs('advertiser.create'), async ({ body }, req, res) => {
    res.status(201).json(await createProfile(deps, auditContextOf(req), currentUser(req), body));
  });

  route(router, operations.updateMyAdvertiser, auditedAs('advertiser.update'), async ({ body }, req, res) => {
    res.json(await updateProfile(deps, auditContextOf(req), currentUser(req), body));
  });
}
