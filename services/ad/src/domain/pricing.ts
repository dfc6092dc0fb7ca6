import { placementKeySchema, type AdPricingResponse } from '@laundry/contracts';
import type { PlacementRow } from './delivery/delivery-store.ts';

/**
 * What the campaign form shows beside the bid and budget: the platform fee billing adds and each active
 * placement's factor, from the same setting and table the charges use, so the price told is the price paid.
 */
export function adPricing(placements: readonly PlacementRow[], feeRateBp: number): AdPricingResponse {
  return {
    feeRateBp,
    placements: placements.flatMap((placement) => {
      const key = placementKeySchema.safeParse(placement.key);
      return key.success && placement.isActive ? [{ key: key.data, factorBp: placement.factorBp }] : [];
    }),
  };
}
