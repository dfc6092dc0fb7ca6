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
      'suggested daily budget. `enough: false` while the area has too little traffic to say. The bid is per ' +
      'click (`costPerClickE4`) or per impression (`costPerImpressionE4`, a price per thousand divided by ' +
      "1,000); it, the daily budget and the suggestion are in the advertiser's billing currency (`currency` " +
      "in the answer), and a bid below that currency's minimum is a 400. Without an area the estimate covers " +
      'all traffic, requests that carried no position included. Changes nothing.',
    access: 'signed-in',
    body: jsonBody(reachEstimateRequestSchema),
    answers: { 200: { description: 'The estimate.', schema: reachEstimateSchema } },
    errors: [400],
  },
});
