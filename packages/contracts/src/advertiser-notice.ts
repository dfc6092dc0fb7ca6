import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { campaignFindingSchema } from './campaign.ts';
import { advertiserNoticeKinds } from './events/advertiser-notice.ts';

/**
 * A notice on the advertiser's dashboard (GET /api/advertisers/me/notices): the facts of what happened, which
 * the portal words in the reader's language. Newest first; a dismissed one is no longer listed.
 */
export const advertiserNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(advertiserNoticeKinds),
  campaignId: z.string().nullable(),
  campaignTitle: z.string().nullable(),
  findings: z.array(campaignFindingSchema),
  reason: z.string().nullable(),
  failureCode: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  occurredAt: isoDateTimeSchema,
});
export type AdvertiserNotice = z.infer<typeof advertiserNoticeSchema>;

export const advertiserNoticeListSchema = z.object({ notices: z.array(advertiserNoticeSchema) });
export type AdvertiserNoticeList = z.infer<typeof advertiserNoticeListSchema>;

/** A notice's id as the list gives it (kind, thing and version, such as campaign-approved:<id>:<review>). */
export const advertiserNoticeIdSchema = z
  .string()
  .regex(/^[a-z0-9-]+:[A-Za-z0-9_.:-]{1,100}$/, 'Not a notice id');
