import { z } from 'zod';
import { adConversionRequestSchema } from '../ad-promotion.ts';
import { campaignSchema } from '../campaign.ts';
import { idSchema } from '../common.ts';
import { defineOperations, jsonBody } from './operation.ts';

/** An owner promotes their laundromat, and what visitors do at its page after an ad's click. */
export const adPromotionOperations = defineOperations('ad', {
  promoteLaundromat: {
    method: 'post',
    path: '/api/owner/laundromats/{id}/promote',
    summary: 'Start a draft campaign for an owned laundromat',
    description:
      'A draft campaign prefilled from the listing: its name as the title, its first public photo as the image, ' +
      'the area 3 km around it, and its page in the finder as the landing page. Without an advertiser profile ' +
      "one is created from the listing (the name as the business name, the account's e-mail as the contact), " +
      'as the portal’s setup would. Audited. Only the verified owner may promote it (403).',
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    answers: { 201: { description: 'The draft campaign.', schema: campaignSchema } },
    errors: [403, 404],
  },
  recordAdConversion: {
    method: 'post',
    path: '/api/ads/conversions',
    summary: "Count what a visitor did at a promoted laundromat's page after the ad's click",
    description:
      'Directions, a call or a website tap, with the click token the ad link brought to the page. Counted ' +
      'once per click token and kind, and only after a counted click; the answer is the same either way.',
    access: 'anyone',
    body: jsonBody(adConversionRequestSchema),
    answers: {
      202: { description: 'Received.', schema: z.object({ accepted: z.literal(true) }) },
    },
    errors: [400],
  },
});
