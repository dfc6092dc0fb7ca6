import { z } from 'zod';
import { nonNegativeE4Schema } from '../money.ts';
import { billingCurrencySchema } from '../billing-currency.ts';

/**
 * Shared data of ad.impression-recorded.v1 and ad.click-recorded.v1, whose cost and revenue are float
 * dollars; v2 carries them as integers. Consumers read v1 still during the switch.
 */
export const adEventRecordedDataSchema = z.object({
  adEventId: z.uuid(),
  campaignId: z.uuid(),
  advertiserId: z.uuid(),
  /**
   * The user who owns the advertiser profile, so billing can answer that person's own views without asking
   * the ad service; absent in events recorded before it was added.
   */
  advertiserUserId: z.uuid().optional(),
  placementId: z.uuid().nullable(),
  /** The slot it was shown in: home-sidebar, home-page or laundromat-detail. */
  placementKey: z.string().max(50),
  /** Where the viewer was (or the laundromat, or the searched place), as far as it is known. */
  city: z.string().max(100).nullable(),
  country: z.string().max(100).nullable(),
  laundromatId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  /** What the advertiser is charged for this event (per-impression costs have 4 decimals). */
  cost: z.number().min(0),
  /** The platform's share of the cost. */
  revenue: z.number().min(0),
  recordedAt: z.iso.datetime({ offset: true }),
});

/**
 * Shared data of ad.impression-recorded.v2 and ad.click-recorded.v2: v1's, with cost and revenue as integers
 * of E4 (ten-thousandths of the currency unit) so no binary float ever holds them on the wire.
 */
export const adEventRecordedV2DataSchema = adEventRecordedDataSchema
  .omit({ cost: true, revenue: true })
  .extend({
    /** What the advertiser is charged for this event, in E4 (a per-impression price has 4 decimals). */
    costE4: nonNegativeE4Schema,
    /** The platform's share of the cost, in E4. */
    revenueE4: nonNegativeE4Schema,
    /**
     * The advertiser's billing currency, which cost and revenue are in; absent in events recorded before
     * advertisers chose one, which were all US dollars.
     */
    currency: billingCurrencySchema.optional(),
  });
