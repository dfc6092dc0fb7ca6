import type { RequestHandler } from 'express';
import type { AdNetworkSetting } from '@laundry/contracts';

/** The origin the network's script comes from, for the page's Content-Security-Policy; none when unset. */
export function adNetworkOrigins(scriptUrl: string | undefined): string[] {
  return scriptUrl ? [new URL(scriptUrl).origin] : [];
}

/**
 * GET /api/ad-network: the page asks (only once the visitor has allowed advertising and the network slot
 * is near the screen) which script to load; 204 means no network is configured and nothing is loaded.
 */
export function adNetworkSetting(scriptUrl: string | undefined): RequestHandler {
  return (_req, res) => {
    // The same for every visitor and changed only by a redeploy: a few minutes of caching is harmless.
    res.set('Cache-Control', 'public, max-age=300');
    if (!scriptUrl) {
      res.status(204).end();
      return;
    }
    const body: AdNetworkSetting = { scriptUrl };
    res.json(body);
  };
}
