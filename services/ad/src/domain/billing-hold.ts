import type { Db } from '@laundry/platform/db';
import { auditSuccess, type Outbox } from '@laundry/platform/outbox';
import type { BillingAccountSuspendedV1 } from '@laundry/contracts';
import type { CampaignStore } from './campaign-store.ts';

/**
 * billing.account-suspended.v1: a statement went unpaid after every retry, so the advertiser's active
 * campaigns pause (each audited with billing's reason); the advertiser resumes them once a card pays. The
 * reason for the dashboard is billing's (GET /api/billing/account).
 */
export async function pauseForUnpaidStatement(
  deps: { campaigns: CampaignStore; outbox: Outbox },
  tx: Db,
  suspension: BillingAccountSuspendedV1['data'],
): Promise<number> {
  const active = (await deps.campaigns.listForAdvertiser(tx, suspension.advertiserId)).filter(
    (campaign) => campaign.status === 'active',
  );
  for (const campaign of active) {
    await deps.campaigns.setStatus(tx, campaign.id, 'paused');
    await auditSuccess(
      tx,
      deps.outbox,
      {
        userId: null,
        ipAddress: null,
        userAgent: null,
        endpoint: 'billing.account-suspended.v1',
        httpMethod: 'SYSTEM',
      },
      {
        action: 'campaign.pause',
        resource: 'campaign',
        resourceId: campaign.id,
        advertiserId: suspension.advertiserId,
        oldData: { status: 'active' },
        newData: { status: 'paused', reason: suspension.reason, statementId: suspension.statementId },
      },
    );
  }
  return active.length;
}
