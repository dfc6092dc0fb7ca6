import type { Router } from 'express';
import { identityOperations as operations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';
import { currentUser, readCookie } from '@laundry/platform/auth';
import { currentConsent, recordConsent, type ConsentDeps } from '../domain/consents.ts';

/** The advertising id's cookie (set by the page with advertising consent, read by the ad service). */
const AD_VIEWER_COOKIE = 'lf_ad_id';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** GET and PUT /api/me/consent, and the record's history (docs/product.md, Data: user consent). */
export function consentRoutes(router: Router, deps: ConsentDeps): void {
  route(router, operations.getConsent, async (_input, req, res) => {
    const user = currentUser(req);
    res.set('Cache-Control', 'private, no-store');
    res.json(await currentConsent(deps, user.id));
  });

  route(router, operations.getConsentHistory, async (_input, req, res) => {
    const user = currentUser(req);
    res.set('Cache-Control', 'private, no-store');
    res.json({ records: await deps.consents.history(user.id) });
  });

  route(router, operations.putConsent, async ({ body }, req, res) => {
    const user = currentUser(req);
    const cookie = readCookie(req.headers.cookie, AD_VIEWER_COOKIE);
    const state = await recordConsent(deps, user.id, body, {
      ipAddress: req.clientAddress ?? null,
      userAgent: req.get('user-agent') ?? null,
      adViewerCookie: cookie && uuidPattern.test(cookie) ? cookie : null,
    });
    // Without advertising consent the browser keeps no advertising id (the page removes it too).
    if (!body.advertising && cookie !== undefined)
      res.clearCookie(AD_VIEWER_COOKIE, { path: '/', sameSite: 'lax' });
    res.set('Cache-Control', 'private, no-store');
    res.json(state);
  });
}
