import type { Request, Router } from 'express';
import { badRequest, readCookie } from '@laundry/platform';
import { adDecisionQuerySchema, recordImpressionRequestSchema } from '@laundry/contracts';
import type { AdServer, Viewer } from '../domain/delivery/ad-server.ts';
import { countEvent, type CountingDeps, type EventRequest } from '../domain/delivery/ad-counting.ts';

/** The first-party id the page sets only with advertising consent (spec §2 cookie consent). */
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
  return { userId: req.user?.id ?? null, viewerKey };
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
  deps: { server: AdServer; counting: CountingDeps; activePlacements: () => ReadonlySet<string> },
): void {
  router.get('/api/ads', async (req, res) => {
    const query = adDecisionQuerySchema.parse(req.query);
    const ad = await deps.server.decide(query, viewerOf(req), deps.activePlacements().has(query.placement));
    // A decision is for this viewer and this moment: never cached anywhere.
    res.set('Cache-Control', 'private, no-store');
    if (!ad) {
      res.status(204).end();
      return;
    }
    res.json(ad);
  });

  router.post('/api/ads/impressions', async (req, res) => {
    const { token } = recordImpressionRequestSchema.parse(req.body ?? {});
    await countEvent(deps.counting, 'impression', eventRequest(req, token));
    // Counted or kept as invalid, the page is told the same: nothing about the rules leaks to a bot.
    res.status(202).json({ accepted: true });
  });

  router.get('/api/ads/click/:token', async (req, res) => {
    const token = req.params.token;
    if (typeof token !== 'string' || token.length > 2000) throw badRequest('This ad link is not valid.');
    const result = await countEvent(deps.counting, 'click', eventRequest(req, token));
    res.set('Cache-Control', 'private, no-store');
    res.redirect(302, result.targetUrl ?? '/');
  });
}
