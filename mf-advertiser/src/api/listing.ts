import type { Laundromat, UpdateOwnerListingRequest } from '@laundry/contracts';
import { request } from './http.ts';

/** PATCH /api/owner/laundromats/{id}: the verified owner's change; answers the laundromat as now. */
export const updateListing = (laundromatId: string, change: UpdateOwnerListingRequest) =>
  request<Laundromat>('PATCH', `/api/owner/laundromats/${encodeURIComponent(laundromatId)}`, change);
