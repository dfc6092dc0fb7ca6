import type { Router } from 'express';
import { currentUser, requireUser } from '@laundry/platform';
import { createAdvertiserRequestSchema, updateAdvertiserRequestSchema } from '@laundry/contracts';
import { createProfile, currentProfile, updateProfile, type AdvertiserDeps } from '../domain/advertisers.ts';
import { audited, auditContextOf } from '@laundry/platform/http';

export function advertiserRoutes(router: Router, deps: AdvertiserDeps): void {
  router.get('/api/advertisers/me', requireUser, async (req, res) => {
    res.json(await currentProfile(deps, currentUser(req)));
  });

  router.post(
    '/api/advertisers',
    requireUser,
    audited(
      deps,
      () => ({ action: 'advertiser.create', resource: 'advertiser', resourceId: null }),
      async (req, res) => {
        const input = createAdvertiserRequestSchema.parse(req.body ?? {});
        res.status(201).json(await createProfile(deps, auditContextOf(req), currentUser(req), input));
      },
    ),
  );

  router.put(
    '/api/advertisers/me',
    requireUser,
    audited(
      deps,
      () => ({ action: 'advertiser.update', resource: 'advertiser', resourceId: null }),
      async (req, res) => {
        const input = updateAdvertiserRequestSchema.parse(req.body ?? {});
        res.json(await updateProfile(deps, auditContextOf(req), currentUser(req), input));
      },
    ),
  );
}
