import type { RequestHandler } from 'express';
import { forbidden } from '@laundry/platform';

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
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return next(crossOriginError());
  }
  next(originHost === req.headers.host ? undefined : crossOriginError());
};

const crossOriginError = () => forbidden('Cross-origin requests are not allowed to change data.');
