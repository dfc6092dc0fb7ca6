import { z } from 'zod';
import {
  advertiserProfileSchema,
  advertiserServingSchema,
  createAdvertiserRequestSchema,
  currentAdvertiserResponseSchema,
  updateAdvertiserRequestSchema,
} from '../advertiser.ts';
import { auditPageSchema, auditQuerySchema } from '../audit.ts';
import {
  campaignListResponseSchema,
  campaignSchema,
  changeCampaignStatusRequestSchema,
  createCampaignRequestSchema,
  moderationStatusSchema,
  updateCampaignRequestSchema,
} from '../campaign.ts';
import { idSchema } from '../common.ts';
import {
  adDecisionQuerySchema,
  campaignAnalyticsQuerySchema,
  campaignAnalyticsSchema,
  recordImpressionRequestSchema,
  servedAdSchema,
} from '../ad.ts';
import {
  advertiserVerificationSchema,
  moderationDecisionRequestSchema,
  moderationQueueItemSchema,
  verificationDecisionRequestSchema,
  verificationQueueItemSchema,
  verificationRequestSchema,
} from '../moderation.ts';
import { adPricingResponseSchema } from '../ad-pricing.ts';
import { advertiserNoticeIdSchema, advertiserNoticeListSchema } from '../advertiser-notice.ts';
import { defineOperations, jsonBody } from './operation.ts';

const campaignIdParams = z.object({ id: idSchema.meta({ description: "The campaign's id." }) });
const reviewIdParams = z.object({ reviewId: idSchema.meta({ description: "The moderation review's id." }) });
const verificationIdParams = z.object({ id: idSchema.meta({ description: "The verification's id." }) });

const verificationForm = z.object({
  ...verificationRequestSchema.shape,
  document: z.string().meta({
    description: 'The document: PDF, JPEG, PNG or WebP, at most 10 MB (the type is read from the bytes).',
    override: { type: 'string', format: 'binary' },
  }),
});

/** The ad service: advertisers, campaigns, their moderation and verification, and the audit log. */
export const adOperations = defineOperations('ad', {
  getMyAdvertiser: {
    method: 'get',
    path: '/api/advertisers/me',
    summary: "The signed-in user's advertiser profile, or null",
    access: 'signed-in',
    answers: { 200: { description: 'The profile or null.', schema: currentAdvertiserResponseSchema } },
    errors: [],
  },
  createAdvertiser: {
    method: 'post',
    path: '/api/advertisers',
    summary: 'Create the advertiser profile (one per user)',
    description:
      'billingCurrency (USD, EUR, GBP, JPY, AUD or CAD; USD when left out) is the currency every budget, bid, ' +
      'spend, statement and charge of the advertiser is kept in, exactly; no amount is ever converted.',
    access: 'signed-in',
    body: jsonBody(createAdvertiserRequestSchema),
    answers: { 201: { description: 'The new profile.', schema: advertiserProfileSchema } },
    errors: [400, 409],
  },
  updateMyAdvertiser: {
    method: 'put',
    path: '/api/advertisers/me',
    summary: 'Change the advertiser profile',
    description:
      'billingCurrency left out keeps the one chosen. It can change only while the advertiser has no campaign ' +
      '(whatever its status): after that, a different one is refused with 409 (BILLING_CURRENCY_FIXED); a team ' +
      'member may not change it (403). An unknown currency is a 400 and nothing changes.',
    access: 'signed-in',
    body: jsonBody(updateAdvertiserRequestSchema),
    answers: { 200: { description: 'The profile.', schema: advertiserProfileSchema } },
    errors: [400, 403, 404, 409],
  },
  getMyAdvertiserServing: {
    method: 'get',
    path: '/api/advertisers/me/serving',
    summary: "Whether the advertiser's campaigns may run, and if not why",
    description:
      'Ads run once the e-mail address is verified and a payment method is on file; without one, only until what the campaigns accrued reaches the trial credit.',
    access: 'signed-in',
    answers: { 200: { description: 'The serving state.', schema: advertiserServingSchema } },
    errors: [404],
  },
  getMyVerification: {
    method: 'get',
    path: '/api/advertisers/me/verification',
    summary: "The advertiser's latest business verification, or null",
    access: 'signed-in',
    answers: {
      200: { description: 'The verification or null.', schema: advertiserVerificationSchema.nullable() },
    },
    errors: [404],
  },
  submitVerification: {
    method: 'post',
    path: '/api/advertisers/me/verification',
    summary: 'Send a business document for verification',
    description: 'Stored privately by the photo service; an admin verifies or rejects it.',
    access: 'signed-in',
    body: { contentType: 'multipart/form-data', schema: verificationForm, required: true },
    answers: { 201: { description: 'The verification, pending.', schema: advertiserVerificationSchema } },
    errors: [400, 404, 409, 413, 415, 503],
  },
  getVerificationDocument: {
    method: 'get',
    path: '/api/advertisers/verifications/{id}/document',
    summary: 'The document of a verification',
    description: 'To its advertiser and to admins only.',
    access: 'signed-in',
    params: verificationIdParams,
    answers: {
      200: {
        description: 'The document as it was uploaded.',
        contentType: 'application/octet-stream',
        schema: z.string().meta({ override: { type: 'string', format: 'binary' } }),
      },
    },
    errors: [404, 503],
  },
  listCampaigns: {
    method: 'get',
    path: '/api/campaigns',
    summary: "The advertiser's campaigns, newest first",
    access: 'signed-in',
    answers: { 200: { description: 'The campaigns.', schema: campaignListResponseSchema } },
    errors: [404],
  },
  createCampaign: {
    method: 'post',
    path: '/api/campaigns',
    summary: 'Create a campaign',
    description:
      'Checked automatically; low risk is approved at once, the rest waits for an admin. Cities must be ones ' +
      'the gazetteer knows. Budgets and bids are amounts of the advertiser’s billing currency, checked with ' +
      'its minimums, defaults and decimals: the schema shows the US dollar rules ($10 total, $1 a day, $0.10 ' +
      'a click, two decimals); a yen budget is whole yen of at least ¥1,500 (¥150 a day, ¥15 a click). The ' +
      'answer names the currency.',
    access: 'signed-in',
    body: jsonBody(createCampaignRequestSchema),
    answers: { 201: { description: 'The campaign.', schema: campaignSchema } },
    errors: [400, 404, 409, 503],
  },
  getCampaign: {
    method: 'get',
    path: '/api/campaigns/{id}',
    summary: 'One of the advertiser’s campaigns',
    access: 'signed-in',
    params: campaignIdParams,
    answers: { 200: { description: 'The campaign.', schema: campaignSchema } },
    errors: [404],
  },
  updateCampaign: {
    method: 'put',
    path: '/api/campaigns/{id}',
    summary: 'Change a campaign',
    description:
      'Budgets, bids, dates, targeting and frequency apply at once and are never reviewed. A change to what ' +
      'visitors see (title, description, image, link) is checked again; on an approved campaign it waits as ' +
      'pendingChange while the approved version keeps serving. An ended campaign is not changed (409). ' +
      'Amounts are in the campaign’s currency, with its rules, as on creation.',
    access: 'signed-in',
    params: campaignIdParams,
    body: jsonBody(updateCampaignRequestSchema),
    answers: { 200: { description: 'The campaign.', schema: campaignSchema } },
    errors: [400, 404, 409, 503],
  },
  changeCampaignStatus: {
    method: 'post',
    path: '/api/campaigns/{id}/status',
    summary: 'Activate, pause or end a campaign',
    access: 'signed-in',
    params: campaignIdParams,
    body: jsonBody(changeCampaignStatusRequestSchema),
    answers: { 200: { description: 'The campaign.', schema: campaignSchema } },
    errors: [400, 404, 409],
  },
  listAdvertiserNotices: {
    method: 'get',
    path: '/api/advertisers/me/notices',
    summary: "The advertiser's dashboard notices, newest first",
    description:
      "Campaign decisions, verification, budget thresholds, charges, suspension and statements; dismissed ones are left out. A colleague on the owner's team reads the account's notices their role covers (a manager the campaigns and the verification, a viewer the campaigns; billing's are the owner's alone).",
    access: 'signed-in',
    answers: { 200: { description: 'The notices.', schema: advertiserNoticeListSchema } },
    errors: [],
  },
  dismissAdvertiserNotice: {
    method: 'post',
    path: '/api/advertisers/me/notices/{noticeId}/dismiss',
    summary: 'Dismiss a dashboard notice',
    description:
      "For the person who dismisses it: a colleague's dismissal leaves the owner's list as it was.",
    access: 'signed-in',
    params: z.object({ noticeId: advertiserNoticeIdSchema.meta({ description: "The notice's id." }) }),
    answers: { 204: { description: 'Dismissed (or it was already).' } },
    errors: [404],
  },
  withdrawCampaignChange: {
    method: 'post',
    path: '/api/campaigns/{id}/withdraw-change',
    summary: 'Withdraw the change waiting for review',
    description: 'The approved version, which kept serving, stays; 409 when no change waits.',
    access: 'signed-in',
    params: campaignIdParams,
    answers: { 200: { description: 'The campaign.', schema: campaignSchema } },
    errors: [404, 409],
  },
  duplicateCampaign: {
    method: 'post',
    path: '/api/campaigns/{id}/duplicate',
    summary: 'Copy a campaign as a new draft',
    description: 'Content, budgets, bids and targeting are copied; dates, spend and history are not.',
    access: 'signed-in',
    params: campaignIdParams,
    answers: { 201: { description: 'The new draft campaign.', schema: campaignSchema } },
    errors: [400, 404, 503],
  },
  listModerationQueue: {
    method: 'get',
    path: '/api/admin/moderation',
    summary: 'Campaign reviews by status (pending first come, first served)',
    access: 'admin',
    query: z.object({ status: moderationStatusSchema.default('pending') }),
    answers: { 200: { description: 'The reviews.', schema: z.array(moderationQueueItemSchema) } },
    errors: [400],
  },
  decideModeration: {
    method: 'post',
    path: '/api/admin/moderation/{reviewId}',
    summary: 'Approve, reject or ask for changes to a waiting campaign',
    access: 'admin',
    params: reviewIdParams,
    body: jsonBody(moderationDecisionRequestSchema),
    answers: { 200: { description: 'The decided review.', schema: moderationQueueItemSchema } },
    errors: [400, 404, 409],
  },
  listVerificationQueue: {
    method: 'get',
    path: '/api/admin/verifications',
    summary: 'Business verifications by status',
    access: 'admin',
    query: z.object({
      status: z
        .enum(['pending', 'verified', 'rejected'], { error: 'Status must be pending, verified or rejected' })
        .default('pending'),
    }),
    answers: { 200: { description: 'The verifications.', schema: z.array(verificationQueueItemSchema) } },
    errors: [400],
  },
  decideVerification: {
    method: 'post',
    path: '/api/admin/verifications/{id}',
    summary: 'Verify a business or reject its document',
    access: 'admin',
    params: verificationIdParams,
    body: jsonBody(verificationDecisionRequestSchema),
    answers: { 200: { description: 'The decided verification.', schema: verificationQueueItemSchema } },
    errors: [400, 404, 409],
  },
  searchAuditLog: {
    method: 'get',
    path: '/api/admin/audit',
    summary: 'Search the append-only audit log, newest first',
    access: 'admin',
    query: auditQuerySchema,
    answers: { 200: { description: 'A page of entries.', schema: auditPageSchema } },
    errors: [400],
  },
  chooseAd: {
    method: 'get',
    path: '/api/ads',
    summary: 'An ad for a slot, chosen for the place it is shown in',
    description:
      'Approved, active campaigns within their dates and budgets whose targeting matches; else the house ad. ' +
      'The token names this one decision.',
    access: 'anyone',
    query: adDecisionQuerySchema,
    answers: {
      200: { description: 'The ad.', schema: servedAdSchema },
      204: { description: 'No ad for this slot now.' },
    },
    errors: [400],
  },
  getAdPricing: {
    method: 'get',
    path: '/api/ads/pricing',
    summary: 'The platform fee and each placement’s price factor',
    description:
      'In basis points (1500 is 15 %, 12000 is ×1.2): a click or impression costs the bid times the ' +
      'placement’s factor, and a statement charges its spend plus the fee, so a budget B is charged at most ' +
      'B plus the fee on B.',
    access: 'anyone',
    answers: { 200: { description: 'The pricing.', schema: adPricingResponseSchema } },
    errors: [],
  },
  recordImpression: {
    method: 'post',
    path: '/api/ads/impressions',
    summary: 'Count an ad that was at least half visible for one second',
    description: 'Counted once per decision; invalid traffic is kept with its reason and never billed.',
    access: 'anyone',
    body: jsonBody(recordImpressionRequestSchema),
    answers: { 202: { description: 'Received.', schema: z.object({ accepted: z.literal(true) }) } },
    errors: [400],
  },
  clickAd: {
    method: 'get',
    path: '/api/ads/click/{token}',
    summary: "Count a click and go to the advertiser's page",
    access: 'anyone',
    params: z.object({ token: z.string().min(1).max(2000).meta({ description: 'The ad decision token.' }) }),
    answers: {
      302: {
        description:
          'To the target URL the ad was served with, while its link lives (AD_CLICK_LINK_TTL_SECONDS), the ' +
          'campaign runs and that target is still its approved one.',
        headers: z.object({ Location: z.string().meta({ description: 'The target URL.' }) }),
      },
    },
    description:
      "Otherwise 410: to a browser (text/html) a page in the reader's language saying the ad is no longer " +
      'available, with a link to the finder; to a client asking for JSON, the ApiError.',
    errors: [400, 410],
  },
  campaignAnalytics: {
    method: 'get',
    path: '/api/campaigns/{id}/analytics',
    summary: "A campaign's impressions, clicks, click-through and spend over a window",
    description: 'By hour or day, by placement, top cities and laundromats; `format=csv` for a CSV file.',
    access: 'signed-in',
    params: campaignIdParams,
    query: campaignAnalyticsQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() }).strip(),
    answers: { 200: { description: 'The report.', schema: campaignAnalyticsSchema } },
    errors: [400, 404],
  },
});
