import type { Router } from 'express';
import type { AdPricingResponse } from '@laundry/contracts';
import { adOperations } from '@laundry/contracts/operations';
import { route } from '@laundry/platform/http';

/** GET /api/ads/pricing: public, as the For owners page and the campaign form both read it. */
export function pricingRoutes(router: Router, deps: { pricing: () => AdPricingResponse }): void {
  route(router, adOperations.getAdPricing, (_input, _req, res) => {
    res.set('cache-control', 'public, max-age=300').json(deps.pricing());
  });
}
