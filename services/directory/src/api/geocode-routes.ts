import type { Router } from 'express';
import { geocodeQuerySchema, reverseGeocodeQuerySchema } from '@laundry/contracts';
import type { Geocoder } from '../domain/geocoder.ts';
import { GeocodeError } from '../domain/geocode-error.ts';
import { findSearchPlaces } from '../domain/search-place.ts';

export function geocodeRoutes(router: Router, geocoder: Geocoder): void {
  router.get('/api/geocode', async (req, res) => {
    // The client maps geocoding failures by code (spec §8), so a blank query answers INVALID_QUERY.
    if (typeof req.query.q !== 'string' || req.query.q.trim() === '') throw GeocodeError.invalidQuery();
    const { q } = geocodeQuerySchema.parse(req.query);
    // Coordinates are a place too: the point, named by the reverse lookup.
    res.json({ results: await findSearchPlaces(geocoder, q) });
  });

  router.get('/api/geocode/reverse', async (req, res) => {
    const { lat, lon } = reverseGeocodeQuerySchema.parse(req.query);
    res.json({ result: await geocoder.reverse(lat, lon) });
  });
}
