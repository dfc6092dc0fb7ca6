import { z } from 'zod';
import { campaignStatuses } from '../constants/domain.ts';
import { defineEventSchema } from './envelope.ts';

export const campaignCreatedV1 = 'campaign.created.v1';

export const campaignCreatedV1DataSchema = z.object({
  campaignId: z.uuid(),
  advertiserId: z.uuid(),
  /** The advertiser's owner, for the audit trail. */
  userId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string(),
  status: z.enum(campaignStatuses),
  totalBudget: z.number().min(0),
  dailyBudget: z.number().min(0),
  costPerClick: z.number().min(0),
  createdAt: z.iso.datetime({ offset: true }),
});

export const campaignCreatedV1Schema = defineEventSchema(campaignCreatedV1, campaignCreatedV1DataSchema);
export type CampaignCreatedV1 = z.infer<typeof campaignCreatedV1Schema>;

/**
 * The same event with its money as integers of E4, ten-thousandths of the currency unit, as the ad service
 * keeps every price and budget, and the currency named; the ad service publishes this one.
 */
export const campaignCreatedV2 = 'campaign.created.v2';

export const campaignCreatedV2DataSchema = campaignCreatedV1DataSchema
  .omit({ totalBudget: true, dailyBudget: true, costPerClick: true })
  .extend({
    totalBudgetE4: z.number().int().min(0),
    dailyBudgetE4: z.number().int().min(0),
    costPerClickE4: z.number().int().min(0),
    /** ISO 4217, upper case: campaigns are priced in US dollars. */
    currency: z.string().regex(/^[A-Z]{3}$/),
  });

export const campaignCreatedV2Schema = defineEventSchema(campaignCreatedV2, campaignCreatedV2DataSchema);
export type CampaignCreatedV2 = z.infer<typeof campaignCreatedV2Schema>;
