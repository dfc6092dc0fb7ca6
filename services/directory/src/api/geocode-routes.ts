import type { Router } from 'express';
import { geocodeQuerySchema, reverseGeocodeQuerySchema } from '@laundry/contracts';
import type { Geocoder } from '../infra/geocoding/geocoder.ts';

export function geocodeRoutes(router: Router, geocoder: Geocoder): void {
  router.get('/api/geocode', async (req, res) => {
    const { q } = geocodeQuerySchema.parse(req.query);
    res.json({ results: await geocoder.search(q) });
  });

  router.get('/api/geocode/reverse', async (req, res) => {
    const { lat, lon } = reverseGeocodeQuerySchema.parse(req.query);
    res.json({ result: await geocoder.reverse(lat, lon) });
  });
}
