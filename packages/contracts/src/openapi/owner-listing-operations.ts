import { z } from 'zod';
import { idSchema } from '../common.ts';
import { laundromatSchema } from '../laundromat.ts';
import { updateOwnerListingRequestSchema } from '../owner-listing.ts';
import {
  INSIGHTS_MAX_DAYS,
  ownerInsightsQuerySchema,
  ownerInsightsSchema,
  recordInteractionRequestSchema,
} from '../owner-insights.ts';
import { defineOperations, jsonBody } from './operation.ts';

/** A laundromat's verified owner keeps its listing up to date (served by the directory). */
export const ownerListingOperations = defineOperations('directory', {
  updateOwnerListing: {
    method: 'patch',
    path: '/api/owner/laundromats/{id}',
    summary: "Change a laundromat's listing as its verified owner",
    description:
      'Only the fields sent change: hours (an OpenStreetMap `opening_hours` value, past midnight and ' +
      'holiday rules such as `PH off` included, or the weekly map), prices (numbers of at most 2 decimals, ' +
      'or null), amenities, payment methods, machine counts, phone, website (http or https) and a ' +
      "description. The change is live at once with `ownerUpdatedAt` set, the owner's fields are kept by " +
      'the OpenStreetMap sync from then on, and the change is audited. Only the verified owner or an admin ' +
      'may change it (403); a bad value is a 400 and nothing changes.',
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    body: jsonBody(updateOwnerListingRequestSchema),
    answers: { 200: { description: 'The laundromat as the finder now shows it.', schema: laundromatSchema } },
    errors: [400, 403, 404],
  },
  ownerInsights: {
    method: 'get',
    path: '/api/owner/laundromats/{id}/insights',
    summary: "A laundromat's daily insights for its verified owner",
    description:
      `Per day from \`from\` to \`to\` (both included, at most ${INSIGHTS_MAX_DAYS} days, in the laundromat's ` +
      'own time zone): appearances in search answers, detail views, direction, phone and website taps, ' +
      "shares, favourites added, reviews and the day's and the cumulative average rating, with the totals " +
      'of the previous period of equal length. Counts only: no person is recorded. `Accept: text/csv` or ' +
      '`format=csv` answers the days as a CSV file. Only the verified owner or an admin may read them (403).',
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    query: ownerInsightsQuerySchema,
    answers: {
      200: {
        description: 'The insights (or the CSV file of their days, `text/csv`).',
        schema: ownerInsightsSchema,
      },
    },
    errors: [400, 403, 404],
  },
  recordInteraction: {
    method: 'post',
    path: '/api/laundromats/{id}/interactions',
    summary: "Count a visitor's view or tap on a laundromat's detail",
    description:
      "The finder's beacon for its owner's insights: a detail view, or a tap on directions, phone, website " +
      "or share. It adds one to that day's count and keeps nothing about who sent it.",
    access: 'anyone',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    body: jsonBody(recordInteractionRequestSchema),
    answers: { 204: { description: 'Counted.' } },
    errors: [400, 404],
  },
});
