import type { Request, RequestHandler } from 'express';
import { forbidden } from '@laundry/platform/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every mutation, after Go's http.CrossOriginProtection: browsers mark every request with
 * Sec-Fetch-Site (or at least Origin), so a same-origin fetch from our pages passes untouched while a form or
 * fetch from another site is refused. Requests with neither header do not come from a browser and carry no
 * ambient cookies worth forging. The session cookie is SameSite=Lax as a second layer.
 */
export const crossOriginProtection: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    return next(fetchSite === 'same-origin' || fetchSite === 'none' ? undefined : crossOriginError());
  }
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return next();
  // Scheme, host and port: http://example.com is another origin than https://example.com.
  let originOfRequest: string;
  try {
    originOfRequest = new URL(origin).origin;
  } catch {
    return next(crossOriginError());
  }
  next(originOfRequest === ownOrigin(req) ? undefined : crossOriginError());
};

/** This request's own origin, as the browser addressed it (behind a trusted proxy, its X-Forwarded-Proto). */
function ownOrigin(req: Request): string | undefined {
  try {
    return new URL(`${req.protocol}://${req.headers.host ?? ''}`).origin;
  } catch {
    return undefined;
  }
}

const crossOriginError = () => forbidden('Cross-origin requests are not allowed to change data.');
