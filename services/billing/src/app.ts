import { defineService, on } from '@laundry/platform/service';
import { adClickRecordedV1, adImpressionRecordedV1 } from '@laundry/contracts';
import { billingConfigSchema } from './config.ts';
import { createLedgerRepository } from './infra/ledger-repository.ts';
import { createStatementRepository } from './infra/statement-repository.ts';
import { createPdfInvoices } from './infra/invoice-pdf.ts';
import { adImpressionRecordedHandler } from './consumers/ad-impression-recorded.handler.ts';
import { adClickRecordedHandler } from './consumers/ad-click-recorded.handler.ts';
import { payoutRoutes } from './api/payout-routes.ts';
import { adminRoutes } from './api/admin-routes.ts';
import { periodCloseJob, periodCloseQueue, type PeriodCloseJob } from './jobs/period-close.job.ts';

/**
 * What advertisers owe and pay: an append-only ledger fed by ad.impression-recorded.v1 and
 * ad.click-recorded.v1, period statements closed by a repeatable job (or an admin), their invoices, and the
 * advertiser's revenue and payout views; publishes payout.processed.v1 and audit.recorded.v1.
 */
export const billingService = defineService({
  name: 'billing',
  config: billingConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  wire({ config, db, outbox, logger, infra }) {
    const ledger = createLedgerRepository();
    const statements = createStatementRepository();
    const statementDeps = {
      db,
      statements,
      outbox,
      period: config.BILLING_PERIOD,
      feeRateBp: config.BILLING_PLATFORM_FEE_RATE,
    };
    const testMode = true;
    return {
      routes(router) {
        payoutRoutes(router, { db, ledger, statements, invoices: createPdfInvoices(), testMode });
        adminRoutes(router, { ...statementDeps, ledger });
      },
      subscriptions: [
        on(adImpressionRecordedV1, adImpressionRecordedHandler({ db, ledger })),
        on(adClickRecordedV1, adClickRecordedHandler({ db, ledger })),
      ],
      jobs: [
        periodCloseJob(
          { ...statementDeps, queue: infra.jobs<PeriodCloseJob>(periodCloseQueue), logger },
          config.BILLING_CLOSE_CHECK_MS,
        ),
      ],
    };
  },
});
