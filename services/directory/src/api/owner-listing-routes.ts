import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { ownerListingOperations as operations } from '@laundry/contracts/operations';
import { updateOwnerListing, type OwnerListingDeps } from '../domain/owner-listing.ts';
import { auditContext, invalidLaundromatId } from './laundromat-routes.ts';

/** A laundromat's verified owner (or an admin) changes its listing. */
export function ownerListingRoutes(router: Router, deps: OwnerListingDeps): void {
  route(
    router,
    operations.updateOwnerListing,
    { invalidParams: invalidLaundromatId },
    async ({ params, body }, req, res) => {
      res.json(await updateOwnerListing(deps, currentUser(req), auditContext(req), params.id, body));
    },
  );
}
