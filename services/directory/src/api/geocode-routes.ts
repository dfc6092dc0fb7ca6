import type { Router } from 'express';
import { geocodeQuerySchema, geocodeSuggestQuerySchema, reverseGeocodeQuerySchema } from '@laundry/contracts';
import type { Geocoder } from '../domain/geocoder.ts';
import { GeocodeError } from '../domain/geocode-error.ts';
import { findSearchPlaces } from '../domain/search-place.ts';

export function geocodeRoutes(router: Router, geocoder: Geocoder): void {
  router.get('/api/geocode', async (req, res) => {
    // The client maps geocoding failures by code (docs/product.md, Errors), so a blank query answers
    // INVALID_QUERY.
    if (typeof req.query.q !== 'string' || req.query.q.trim() === '') throw GeocodeError.invalidQuery();
    const { q, country, near, region } = geocodeQuerySchema.parse(req.query);
    // Coordinates are a place too: the point, named by the reverse lookup.
    res.json({ results: await findSearchPlaces(geocoder, q, { country, near, region }) });
  });

  router.get('/api/geocode/suggest', async (req, res) => {
    const { q, country, near, region } = geocodeSuggestQuerySchema.parse(req.query);
    // A keystroke's answer is the same for a while: the browser may keep it a minute.
    res.set('cache-control', 'public, max-age=60');
    res.json(await geocoder.suggest(q, { country, near, region }));
  });

  router.get('/api/geocode/reverse', async (req, res) => {
    const { lat, lon } = reverseGeocodeQuerySchema.parse(req.query);
    res.json({ result: await geocoder.reverse(lat, lon) });
  });
}
