import { idempotentHandler } from '@laundry/platform/bus';
import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { Outbox } from '@laundry/platform/outbox';
import type { EventOf, billingAccountSuspendedV1 } from '@laundry/contracts';
import { pauseForUnpaidStatement } from '../domain/billing-hold.ts';
import type { CampaignStore } from '../domain/campaign-store.ts';
import { raiseNotice, type NoticeStore } from '../domain/advertiser-notices.ts';

/**
 * billing.account-suspended.v1 → the advertiser's active campaigns pause, once per event, and they are told
 * why and what to do (one notice per unpaid statement).
 */
export function billingAccountSuspendedHandler(deps: {
  db: Db;
  campaigns: CampaignStore;
  outbox: Outbox;
  notices: NoticeStore;
  logger: Logger;
}) {
  return idempotentHandler<EventOf<typeof billingAccountSuspendedV1>>({
    db: deps.db,
    consumer: 'ad.billing-account-suspended',
    handler: async ({ data }, tx) => {
      const paused = await pauseForUnpaidStatement(deps, tx, data);
      await raiseNotice(
        deps,
        tx,
        {
          noticeId: `account-suspended:${data.statementId}`,
          kind: 'account-suspended',
          advertiserId: data.advertiserId,
          failureCode: data.failureCode,
        },
        new Date(data.suspendedAt),
      );
      deps.logger.info(
        { advertiserId: data.advertiserId, paused },
        'campaigns paused for an unpaid statement',
      );
    },
  });
}
