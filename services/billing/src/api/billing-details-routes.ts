import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { auditContextOf, route } from '@laundry/platform/http';
import { billingOperations as operations } from '@laundry/contracts/operations';
import { billingDetailsOf, saveBillingDetails, type BillingDetailsDeps } from '../domain/billing-details.ts';

/** Who the signed-in advertiser's invoices are made out to (the billing settings form). */
export function billingDetailsRoutes(router: Router, deps: BillingDetailsDeps): void {
  route(router, operations.getBillingDetails, async (_input, req, res) => {
    res.json(await billingDetailsOf(deps, currentUser(req).id));
  });

  route(router, operations.saveBillingDetails, async ({ body }, req, res) => {
    const { userId: _user, ...origin } = auditContextOf(req);
    res.json(await saveBillingDetails(deps, currentUser(req).id, body, origin));
  });
}
