import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { EventOf, userEmailVerifiedV1 } from '@laundry/contracts';
import type { AccountStandingStore } from '../domain/account-standing-store.ts';

/** user.email-verified.v1 → the owner's campaigns may run (with a card, or within the trial), once per event. */
export function userEmailVerifiedHandler(deps: { db: Db; standing: AccountStandingStore; logger: Logger }) {
  return idempotentHandler<EventOf<typeof userEmailVerifiedV1>>({
    db: deps.db,
    consumer: 'ad.user-email-verified',
    handler: async ({ data }, tx) => {
      await deps.standing.markEmailVerified(tx, data.userId, new Date(data.verifiedAt));
      deps.logger.info({ userId: data.userId }, 'advertiser address verified');
    },
  });
}
