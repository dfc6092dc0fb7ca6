import type { Request, Router } from 'express';
import { badRequest, readCookie } from '@laundry/platform';
import { adDecisionDuration } from '@laundry/platform/observability';
import { adOperations as operations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';
import type { AdServer, Viewer } from '../domain/delivery/ad-server.ts';
import { countEvent, type CountingDeps, type EventRequest } from '../domain/delivery/ad-counting.ts';
import { adGoneLanguage, adGonePage } from './ad-gone-page.ts';
import { landingWithClick } from '../domain/promotion.ts';
import type { Db } from '@laundry/platform/db';
import type { CampaignStore } from '../domain/campaign-store.ts';
import type { RequestCounter } from '../domain/delivery/request-counts.ts';

const adGoneMessage = 'This ad is no longer available.';

/** The first-party id the page sets only with advertising consent (docs/product.md, Behaviour). */
export const adViewerCookie = 'lf_ad_id';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Without consent and without a session there is no key, and no frequency cap can be kept. */
function viewerOf(req: Request): Viewer {
  const consented = readCookie(req.headers.cookie, adViewerCookie);
  const viewerKey = req.user
    ? `u:${req.user.id}`
    : consented && uuidPattern.test(consented)
      ? `c:${consented}`
      : null;
  return { userId: req.user?.id ?? null, viewerKey, clientAddress: req.clientAddress ?? 'unknown' };
}

function eventRequest(req: Request, token: string): EventRequest {
  return {
    token,
    userAgent: req.get('user-agent'),
    ipAddress: req.clientAddress ?? 'unknown',
    userId: req.user?.id ?? null,
    referrerUrl: req.get('referer') ?? null,
    pageUrl: typeof req.body?.pageUrl === 'string' ? req.body.pageUrl : null,
  };
}

export function adRoutes(
  router: Router,
  deps: {
    server: AdServer;
    counting: CountingDeps;
    activePlacements: () => ReadonlySet<string>;
    requests: RequestCounter;
    /** A promoted laundromat's clicks carry their token to its page (its conversions). */
    promotions: { db: Db; campaigns: Pick<CampaignStore, 'promotedLaundromat'> };
  },
): void {
  route(router, operations.chooseAd, async ({ query }, req, res) => {
    const stopTimer = adDecisionDuration.startTimer({ placement: query.placement });
    const ad = await deps.server.decide(query, viewerOf(req), deps.activePlacements().has(query.placement));
    stopTimer({ result: ad ? 'ad' : 'none' });
    // Served or not, the request counts toward its area's traffic (the reach estimate's).
    deps.requests.count(query, ad !== undefined && !ad.house);
    // A decision is for this viewer and this moment: never cached anywhere.
    res.set('Cache-Control', 'private, no-store');
    if (!ad) {
      res.status(204).end();
      return;
    }
    res.json(ad);
  });

  route(router, operations.recordImpression, async ({ body: { token } }, req, res) => {
    await countEvent(deps.counting, 'impression', eventRequest(req, token));
    // Counted or kept as invalid, the page is told the same: nothing about the rules leaks to a bot.
    res.status(202).json({ accepted: true });
  });

  const invalidLink = { invalidParams: () => badRequest('This ad link is not valid.') };
  route(router, operations.clickAd, invalidLink, async ({ params: { token } }, req, res) => {
    const result = await countEvent(deps.counting, 'click', eventRequest(req, token));
    res.set('Cache-Control', 'private, no-store');
    if (result.targetUrl) {
      res.redirect(
        302,
        await landingWithClick(deps.promotions, result.decision.campaignId, result.targetUrl, token),
      );
      return;
    }
    // Never anywhere else than the target served: a page of ours says the ad is gone.
    res.status(410).format({
      html: () => void res.send(adGonePage(adGoneLanguage(req))),
      default: () => void res.json({ message: adGoneMessage, code: 'AD_NO_LONGER_AVAILABLE' }),
    });
  });
}
