import type { Request, Router } from 'express';
import { currentUser, notFound } from '@laundry/platform';
import { adOperations as operations } from '@laundry/contracts/operations';
import {
  campaignNotFoundMessage,
  changeCampaignStatus,
  createCampaign,
  duplicateCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
  withdrawCampaignChange,
  type CampaignDeps,
} from '../domain/campaigns.ts';
import { auditContextOf, auditedRoute, route } from '@laundry/platform/http';

/** A malformed id names no campaign, so it is answered like another advertiser's: 404. */
const invalidParams = () => notFound(campaignNotFoundMessage);

const describe = (action: string) => (req: Request) => ({
  action,
  resource: 'campaign',
  resourceId: typeof req.params.id === 'string' ? req.params.id.slice(0, 255) : null,
});

/** A request without a body of a type the parsers read has none: it is checked as an empty object. */
const bodyOf = (req: Request): unknown => (req.body as unknown) ?? {};

/** A refused or failed change by a signed-in person is audited, its id check and parsing included. */
const auditedAs = (deps: CampaignDeps, action: string) => ({
  invalidParams,
  ...auditedRoute(deps, describe(action)),
});

/**
 * The body of a new or changed campaign is documented by the operation (in US dollars) but read by the
 * domain with the rules of the advertiser's billing currency (a yen budget is whole yen of at least ¥1,500),
 * which only the advertiser's row says. A refusal answers as any parsed body's: 400 with field errors.
 */
const readInCurrency = { unparsed: ['body' as const] };

export function campaignRoutes(router: Router, deps: CampaignDeps): void {
  route(router, operations.listCampaigns, async (_input, req, res) => {
    res.json(await listCampaigns(deps, currentUser(req)));
  });

  route(
    router,
    operations.createCampaign,
    { ...auditedAs(deps, 'campaign.create'), ...readInCurrency },
    async (_input, req, res) => {
      res.status(201).json(await createCampaign(deps, auditContextOf(req), currentUser(req), bodyOf(req)));
    },
  );

  route(router, operations.getCampaign, { invalidParams }, async ({ params }, req, res) => {
    res.json(await getCampaign(deps, currentUser(req), params.id));
  });

  route(
    router,
    operations.updateCampaign,
    { ...auditedAs(deps, 'campaign.update'), ...readInCurrency },
    async ({ params }, req, res) => {
      res.json(await updateCampaign(deps, auditContextOf(req), currentUser(req), params.id, bodyOf(req)));
    },
  );

  route(
    router,
    operations.changeCampaignStatus,
    auditedAs(deps, 'campaign.status'),
    async ({ params, body }, req, res) => {
      res.json(await changeCampaignStatus(deps, auditContextOf(req), currentUser(req), params.id, body));
    },
  );

  route(
    router,
    operations.withdrawCampaignChange,
    auditedAs(deps, 'campaign.withdraw-change'),
    async ({ params }, req, res) => {
      res.json(await withdrawCampaignChange(deps, auditContextOf(req), currentUser(req), params.id));
    },
  );

  route(
    router,
    operations.duplicateCampaign,
    auditedAs(deps, 'campaign.duplicate'),
    async ({ params }, req, res) => {
      res.status(201).json(await duplicateCampaign(deps, auditContextOf(req), currentUser(req), params.id));
    },
  );
}
