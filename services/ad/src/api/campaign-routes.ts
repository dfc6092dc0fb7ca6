import type { Request, Router } from 'express';
import { currentUser, notFound, requireUser } from '@laundry/platform';
import {
  changeCampaignStatusRequestSchema,
  createCampaignRequestSchema,
  idSchema,
  updateCampaignRequestSchema,
} from '@laundry/contracts';
import {
  campaignNotFoundMessage,
  changeCampaignStatus,
  createCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
  type CampaignDeps,
} from '../domain/campaigns.ts';
import { audited, auditContextOf } from '@laundry/platform/http';

/** A malformed id names no campaign, so it is answered like another advertiser's: 404. */
function campaignId(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw notFound(campaignNotFoundMessage);
  return parsed.data;
}

const describe = (action: string) => (req: Request) => ({
  action,
  resource: 'campaign',
  resourceId: typeof req.params.id === 'string' ? req.params.id.slice(0, 255) : null,
});

export function campaignRoutes(router: Router, deps: CampaignDeps): void {
  router.get('/api/campaigns', requireUser, async (req, res) => {
    res.json(await listCampaigns(deps, currentUser(req)));
  });

  router.post(
    '/api/campaigns',
    requireUser,
    audited(deps, describe('campaign.create'), async (req, res) => {
      const input = createCampaignRequestSchema.parse(req.body ?? {});
      res.status(201).json(await createCampaign(deps, auditContextOf(req), currentUser(req), input));
    }),
  );

  router.get('/api/campaigns/:id', requireUser, async (req, res) => {
    res.json(await getCampaign(deps, currentUser(req), campaignId(req)));
  });

  router.put(
    '/api/campaigns/:id',
    requireUser,
    audited(deps, describe('campaign.update'), async (req, res) => {
      const id = campaignId(req);
      const input = updateCampaignRequestSchema.parse(req.body ?? {});
      res.json(await updateCampaign(deps, auditContextOf(req), currentUser(req), id, input));
    }),
  );

  router.post(
    '/api/campaigns/:id/status',
    requireUser,
    audited(deps, describe('campaign.status'), async (req, res) => {
      const id = campaignId(req);
      const input = changeCampaignStatusRequestSchema.parse(req.body ?? {});
      res.json(await changeCampaignStatus(deps, auditContextOf(req), currentUser(req), id, input));
    }),
  );
}
