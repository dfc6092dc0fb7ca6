import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';
import { campaignFindingSchema } from '../campaign.ts';

export const advertiserNoticeRaisedV1 = 'advertiser.notice-raised.v1';

/** What an advertiser is told about, on their dashboard and by e-mail. */
export const advertiserNoticeKinds = [
  'campaign-held',
  'campaign-approved',
  'campaign-changes-requested',
  'campaign-rejected',
  'verification-approved',
  'verification-rejected',
  'budget-80',
  'budget-100',
  'charge-failed',
  'account-suspended',
  'statement-issued',
  'refund-issued',
] as const;
export type AdvertiserNoticeKind = (typeof advertiserNoticeKinds)[number];

/** The notification type (notificationTypes of notification.ts) each kind's mail is, which the person may turn off. */
export const advertiserNoticeMailType = {
  'campaign-held': 'advertiser.campaign-decided',
  'campaign-approved': 'advertiser.campaign-decided',
  'campaign-changes-requested': 'advertiser.campaign-decided',
  'campaign-rejected': 'advertiser.campaign-decided',
  'verification-approved': 'advertiser.account',
  'verification-rejected': 'advertiser.account',
  'budget-80': 'advertiser.budget',
  'budget-100': 'advertiser.budget',
  'charge-failed': 'advertiser.billing',
  'account-suspended': 'advertiser.account',
  'statement-issued': 'advertiser.billing',
  'refund-issued': 'advertiser.billing',
} as const satisfies Record<AdvertiserNoticeKind, string>;

/**
 * Something an advertiser is told about: the service it happened in (ad, billing) records it in the same
 * transaction; the ad service keeps it for the dashboard and identity mails it in the person's language
 * unless they turned its type off. `noticeId` names the thing and its version (such as
 * `campaign-approved:<campaignId>:<reviewId>`), so a redelivered event neither shows nor mails twice.
 * Only facts travel (names, codes, amounts): each reader words them in the reader's language.
 */
export const advertiserNoticeRaisedV1DataSchema = z.object({
  noticeId: z.string().regex(/^[a-z0-9-]+:[A-Za-z0-9_.:-]{1,100}$/),
  kind: z.enum(advertiserNoticeKinds),
  advertiserId: z.uuid(),
  /** The advertiser's owner, to whom the mail goes. */
  userId: z.uuid(),
  campaignId: z.uuid().optional(),
  campaignTitle: z.string().max(200).optional(),
  /** campaign-held: what the automatic check found, with codes the reader translates. */
  findings: z.array(campaignFindingSchema).max(20).optional(),
  /** A reviewer's reason (changes requested, rejected, verification rejected, suspension), as written. */
  reason: z.string().max(2000).nullable().optional(),
  /** charge-failed: the decline code (card_declined, no_payment_method …). */
  failureCode: z.string().max(100).optional(),
  /**
   * statement-issued, charge-failed, refund-issued: the invoice's number and the amount (what was charged,
   * or given back) in minor units of its currency: cents, or whole yen for JPY, which has none.
   */
  invoiceNumber: z.string().max(60).optional(),
  /** refund-issued: the credit note's number. */
  creditNoteNumber: z.string().max(60).optional(),
  amountCents: z.number().int().optional(),
  currency: z.string().length(3).optional(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type AdvertiserNoticeRaisedV1Data = z.infer<typeof advertiserNoticeRaisedV1DataSchema>;

export const advertiserNoticeRaisedV1Schema = defineEventSchema(
  advertiserNoticeRaisedV1,
  advertiserNoticeRaisedV1DataSchema,
);
