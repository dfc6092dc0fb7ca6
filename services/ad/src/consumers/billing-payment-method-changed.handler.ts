import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { EventOf, billingPaymentMethodChangedV1 } from '@laundry/contracts';
import type { AccountStandingStore } from '../domain/account-standing-store.ts';

/**
 * billing.payment-method-changed.v1 → whether the owner's campaigns may run beyond the trial credit, once per
 * event; a change older than the one already applied is ignored, so a late redelivery undoes nothing.
 */
export function billingPaymentMethodChangedHandler(deps: {
  db: Db;
  standing: AccountStandingStore;
  logger: Logger;
}) {
  return idempotentHandler<EventOf<typeof billingPaymentMethodChangedV1>>({
    db: deps.db,
    consumer: 'ad.billing-payment-method-changed',
    handler: async ({ data }, tx) => {
      const applied = await deps.standing.setPaymentMethod(
        tx,
        data.userId,
        data.hasPaymentMethod,
        new Date(data.changedAt),
      );
      deps.logger.info(
        { userId: data.userId, hasPaymentMethod: data.hasPaymentMethod, applied },
        applied ? 'advertiser payment method changed' : 'an older payment method change ignored',
      );
    },
  });
}
