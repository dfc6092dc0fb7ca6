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
