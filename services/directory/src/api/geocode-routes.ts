import type { RequestHandler, Router } from 'express';
import { route } from '@laundry/platform/http';
import { directoryOperations as operations } from '@laundry/contracts/operations';
import type { Geocoder } from '../domain/geocoder.ts';
import { GeocodeError } from '../domain/geocode-error.ts';
import { findSearchPlaces } from '../domain/search-place.ts';

/**
 * The client maps geocoding failures by code (docs/product.md, Errors), so a blank query answers
 * INVALID_QUERY rather than the schema's VALIDATION_ERROR.
 */
const blankQueryIsInvalid: RequestHandler = (req, _res, next) => {
  next(
    typeof req.query.q !== 'string' || req.query.q.trim() === '' ? GeocodeError.invalidQuery() : undefined,
  );
};

export function geocodeRoutes(router: Router, geocoder: Geocoder): void {
  route(router, operations.geocode, { before: [blankQueryIsInvalid] }, async ({ query }, _req, res) => {
    const { q, country, near, region } = query;
    // Coordinates are a place too: the point, named by the reverse lookup.
    res.json({ results: await findSearchPlaces(geocoder, q, { country, near, region }) });
  });

  route(router, operations.suggestPlaces, async ({ query }, _req, res) => {
    const { q, country, near, region } = query;
    // A keystroke's answer is the same for a while: the browser may keep it a minute.
    res.set('cache-control', 'public, max-age=60');
    res.json(await geocoder.suggest(q, { country, near, region }));
  });

  route(router, operations.reverseGeocode, async ({ query }, _req, res) => {
    res.json({ result: await geocoder.reverse(query.lat, query.lon) });
  });
}
