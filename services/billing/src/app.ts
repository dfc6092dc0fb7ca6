import { defineService, on } from '@laundry/platform/service';
import {
  adClickRecordedV1,
  adClickRecordedV2,
  adImpressionRecordedV1,
  adImpressionRecordedV2,
  advertiserTeamMemberChangedV1,
} from '@laundry/contracts';
import { billingConfigSchema } from './config.ts';
import { createLedgerRepository } from './infra/ledger-repository.ts';
import { createStatementRepository } from './infra/statement-repository.ts';
import { createPaymentRepository } from './infra/payment-repository.ts';
import { createAdminBillingRepository } from './infra/admin-billing-repository.ts';
import { createPdfInvoices } from './infra/invoice-pdf.ts';
import { createRefundRepository } from './infra/refund-repository.ts';
import { createStripeProvider } from './infra/stripe-provider.ts';
import { createTestProvider, testCardFor } from './infra/test-provider.ts';
import { adImpressionRecordedHandler } from './consumers/ad-impression-recorded.handler.ts';
import { adClickRecordedHandler } from './consumers/ad-click-recorded.handler.ts';
import { payoutRoutes } from './api/payout-routes.ts';
import { adminRoutes } from './api/admin-routes.ts';
import { billingRoutes, webhookPath } from './api/billing-routes.ts';
import { testCheckoutRoutes } from './api/test-checkout-routes.ts';
import { periodCloseJob, periodCloseQueue, type PeriodCloseJob } from './jobs/period-close.job.ts';
import { chargeJob, chargeNowOn, chargeQueue, type ChargeJob } from './jobs/charge.job.ts';
import { createBillingDetailsRepository } from './infra/billing-details-repository.ts';
import { createViesClient } from './infra/vies-client.ts';
import { billingDetailsRoutes } from './api/billing-details-routes.ts';
import { vatRetryJob, vatRetryQueue, type VatRetryJob } from './jobs/vat-retry.job.ts';
import { createPersonalDataRepository } from './infra/personal-data-repository.ts';
import { collectPersonalData, erasePersonalData } from './domain/personal-data.ts';
import { createTeamMemberRepository } from './infra/team-member-repository.ts';
import { advertiserTeamMemberChangedHandler } from './consumers/advertiser-team-member-changed.handler.ts';
import { teamGuard } from './api/team-guard.ts';

/**
 * What advertisers owe and pay: an append-only ledger fed by ad.impression-recorded.v2 and
 * ad.click-recorded.v2 (and their v1, during the switch), period statements closed by a repeatable job (or
 * an admin), charged through Stripe (or the built-in test provider without keys) with retries, their
 * invoices, and the advertiser's revenue and payout views; publishes payout.processed.v2,
 * billing.account-suspended.v1, billing.payment-method-changed.v1 and audit.recorded.v1.
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
      sellerCountry: config.SELLER_COUNTRY,
    };
    const detailsDeps = {
      db,
      details: createBillingDetailsRepository(),
      vat: createViesClient({ url: config.VIES_URL }),
      outbox,
      logger,
      ledger,
    };
    const provider = config.STRIPE_SECRET_KEY
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          host: config.STRIPE_API_HOST,
          port: config.STRIPE_API_PORT,
          protocol: config.STRIPE_API_PROTOCOL,
        })
      : createTestProvider();
    const refunds = createRefundRepository();
    const charges = infra.jobs<ChargeJob>(chargeQueue);
    const chargeNow = chargeNowOn(charges);
    const paymentDeps = {
      db,
      payments: createPaymentRepository(),
      statements,
      ledger,
      outbox,
      provider,
      retryDelaysMs: config.BILLING_CHARGE_RETRY_DELAYS,
      publicUrl: config.PUBLIC_URL,
      logger,
      refunds,
    };
    const personalData = createPersonalDataRepository(db);
    // Who is on an advertiser's team (the ad service's events): their billing calls are refused.
    const teamMembers = createTeamMemberRepository();
    const documents = {
      db,
      ledger,
      statements,
      refunds,
      invoices: createPdfInvoices(),
      testMode: provider.testMode,
      details: detailsDeps.details,
      seller: {
        legalName: config.SELLER_LEGAL_NAME,
        addressLines: config.SELLER_ADDRESS,
        country: config.SELLER_COUNTRY,
        taxId: config.SELLER_TAX_ID,
      },
    };
    return {
      routes(router) {
        // First: a team member never reaches the account's billing routes below.
        teamGuard(router, { db, teamMembers });
        payoutRoutes(router, documents);
        billingDetailsRoutes(router, detailsDeps);
        adminRoutes(router, {
          ...statementDeps,
          ...documents,
          provider,
          chargeNow,
          adminBilling: createAdminBillingRepository(),
          payments: paymentDeps.payments,
        });
        billingRoutes(router, paymentDeps);
        if (provider.name === 'test') {
          testCheckoutRoutes(router, {
            ...paymentDeps,
            cardFor: (number, expiry) => testCardFor(number, expiry),
          });
        }
      },
      rawBodyPaths: [webhookPath],
      subscriptions: [
        // v1 carries float dollars; both versions are read while the ad service switches to v2.
        on(adImpressionRecordedV2, adImpressionRecordedHandler({ db, ledger })),
        on(adClickRecordedV2, adClickRecordedHandler({ db, ledger })),
        on(adImpressionRecordedV1, adImpressionRecordedHandler({ db, ledger })),
        on(adClickRecordedV1, adClickRecordedHandler({ db, ledger })),
        on(advertiserTeamMemberChangedV1, advertiserTeamMemberChangedHandler({ db, teamMembers, logger })),
      ],
      jobs: [
        periodCloseJob(
          { ...statementDeps, queue: infra.jobs<PeriodCloseJob>(periodCloseQueue), logger, chargeNow },
          config.BILLING_CLOSE_CHECK_MS,
        ),
        chargeJob({ ...paymentDeps, queue: charges }, config.BILLING_CHARGE_SWEEP_MS),
        vatRetryJob(
          { ...detailsDeps, queue: infra.jobs<VatRetryJob>(vatRetryQueue) },
          config.BILLING_VAT_RETRY_MS,
        ),
      ],
      personalData: { store: personalData, chargeNow, teamMembers },
    };
  },
  // Unpaid statements are charged, then the person's billing records are re-keyed anonymously.
  personalData: {
    export: (wired, userId) => collectPersonalData(wired.personalData.store, userId),
    // Their place on a team, and their own account's team, go as well.
    erase: async (wired, tx, { userId }) => ({
      ...(await erasePersonalData(wired.personalData, tx, userId)),
      teamMembers: await wired.personalData.teamMembers.forget(tx, userId),
    }),
  },
});
