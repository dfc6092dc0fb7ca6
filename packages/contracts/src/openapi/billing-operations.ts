import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  billingCreditRequestSchema,
  billingCreditSchema,
  closePeriodResponseSchema,
  payoutDetailSchema,
  payoutListResponseSchema,
  revenueAnalyticsResponseSchema,
} from '../revenue.ts';
import type { ApiOperation } from './operations.ts';

const payoutIdParams = z.object({ id: idSchema.meta({ description: "The statement's id." }) });

/** The billing service: the advertiser's statements, invoices and revenue, and the admins' period close. */
export const billingOperations: ApiOperation[] = [
  {
    operationId: 'listPayouts',
    method: 'get',
    path: '/api/payouts',
    service: 'billing',
    summary: "The signed-in advertiser's statements, newest period first",
    description: 'One per closed period in which the advertiser had impressions or clicks (spec §7).',
    access: 'signed-in',
    answers: { 200: { description: 'The statements.', schema: payoutListResponseSchema } },
    errors: [],
  },
  {
    operationId: 'getPayout',
    method: 'get',
    path: '/api/payouts/{id}',
    service: 'billing',
    summary: 'One of the signed-in advertiser’s statements, in full',
    description: "Another advertiser's statement is not found.",
    access: 'signed-in',
    params: payoutIdParams,
    answers: { 200: { description: 'The statement.', schema: payoutDetailSchema } },
    errors: [404],
  },
  {
    operationId: 'getPayoutInvoice',
    method: 'get',
    path: '/api/payouts/{id}/invoice.pdf',
    service: 'billing',
    summary: "A processed statement's numbered invoice",
    description: 'Not found until the statement is processed (paid), and for anyone but its advertiser.',
    access: 'signed-in',
    params: payoutIdParams,
    answers: {
      200: {
        description: 'The invoice.',
        contentType: 'application/pdf',
        schema: z.string().meta({ override: { type: 'string', format: 'binary' } }),
      },
    },
    errors: [404],
  },
  {
    operationId: 'getRevenueAnalytics',
    method: 'get',
    path: '/api/analytics/revenue',
    service: 'billing',
    summary: "The signed-in advertiser's revenue and payouts, in dollars",
    description:
      'totalRevenue: every counted impression and click so far, the open period included, less credits. ' +
      'Payouts are statement charges (revenue plus the platform fee): pending (not yet paid), processed ' +
      '(paid), and their sum.',
    access: 'signed-in',
    answers: { 200: { description: 'The figures.', schema: revenueAnalyticsResponseSchema } },
    errors: [],
  },
  {
    operationId: 'closeBillingPeriod',
    method: 'post',
    path: '/api/admin/billing/close-period',
    service: 'billing',
    summary: 'Close the open billing period now',
    description:
      'Closes any period whose end has passed, then the open one at this second: one statement per ' +
      'advertiser with unbilled impressions or clicks. A period is closed once; closing again with nothing ' +
      'new to bill closes nothing.',
    access: 'admin',
    answers: { 200: { description: 'What was closed.', schema: closePeriodResponseSchema } },
    errors: [],
  },
  {
    operationId: 'creditAdEvent',
    method: 'post',
    path: '/api/admin/billing/credits',
    service: 'billing',
    summary: "Give an ad event's cost back (invalid traffic found after the fact)",
    description: 'A new ledger entry; the event’s own entry stays. An event is credited once (409 after).',
    access: 'admin',
    body: { contentType: 'application/json', schema: billingCreditRequestSchema, required: true },
    answers: { 201: { description: 'The credit.', schema: billingCreditSchema } },
    errors: [400, 404, 409],
  },
];
