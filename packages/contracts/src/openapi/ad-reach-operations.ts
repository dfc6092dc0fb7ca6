import { reachEstimateRequestSchema, reachEstimateSchema } from '../reach-estimate.ts';
import { defineOperations, jsonBody } from './operation.ts';

/** The campaign form's reach estimate. */
export const adReachOperations = defineOperations('ad', {
  estimateReach: {
    method: 'post',
    path: '/api/campaigns/reach-estimate',
    summary: "Estimate a campaign's daily impressions and clicks before it spends",
    description:
      'From the ad requests of the last 28 days in the area (served and unfilled), the bids of the campaigns ' +
      'serving now and the click rate: a low to high range a day, held back by the daily budget, and a ' +
      'suggested daily budget. `enough: false` while the area has too little traffic to say. Changes nothing.',
    access: 'signed-in',
    body: jsonBody(reachEstimateRequestSchema),
    answers: { 200: { description: 'The estimate.', schema: reachEstimateSchema } },
    errors: [400],
  },
});
