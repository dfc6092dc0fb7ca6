import { z } from 'zod';
import { idSchema } from '../common.ts';
import {
  addFavoriteRequestSchema,
  favoriteCheckResponseSchema,
  favoriteListResponseSchema,
  favoriteSchema,
} from '../favorite.ts';
import {
  geocodeQuerySchema,
  geocodeResponseSchema,
  geocodeSuggestQuerySchema,
  geocodeSuggestResponseSchema,
  reverseGeocodeQuerySchema,
  reverseGeocodeResponseSchema,
} from '../geocode.ts';
import { laundromatSchema } from '../laundromat.ts';
import { laundromatPointsResponseSchema } from '../laundromat-points.ts';
import { createLaundromatRequestSchema } from '../laundromat-create.ts';
import {
  laundromatListResponseSchema,
  laundromatSearchResponseSchema,
  listLaundromatsQuerySchema,
  searchLaundromatsQuerySchema,
} from '../laundromat-query.ts';
import {
  laundromatSubmissionListSchema,
  listSubmissionsQuerySchema,
  rejectLaundromatRequestSchema,
} from '../laundromat-submission.ts';
import {
  nearbyDuplicateRadiusMeters,
  nearbyDuplicatesQuerySchema,
  nearbyDuplicatesResponseSchema,
} from '../nearby-duplicates.ts';
import { defineOperations, jsonBody } from './operation.ts';

const laundromatIdParams = z.object({
  id: idSchema.meta({ description: "The laundromat's id." }),
});
const favoriteParams = z.object({
  laundromatId: idSchema.meta({ description: "The laundromat's id." }),
});

/** The directory service: laundromats, their submission and approval, favourites and geocoding. */
export const directoryOperations = defineOperations('directory', {
  listLaundromats: {
    method: 'get',
    path: '/api/laundromats',
    summary: 'Laundromats near a point or inside a map area',
    description:
      'Nearest first with a point, else by name; `limit` at a time with `nextCursor` for the next page.',
    access: 'anyone',
    query: listLaundromatsQuerySchema,
    answers: { 200: { description: 'One page of laundromats.', schema: laundromatListResponseSchema } },
    errors: [400],
  },
  searchLaundromats: {
    method: 'get',
    path: '/api/laundromats/search',
    summary: 'Laundromats near a place, postal code or address',
    description: 'Geocodes `q`, then lists the nearest laundromats to where it resolved.',
    access: 'anyone',
    query: searchLaundromatsQuerySchema,
    answers: {
      200: {
        description: 'Where the query resolved and the nearest laundromats.',
        schema: laundromatSearchResponseSchema,
      },
    },
    errors: [400, 404, 502],
  },
  listLaundromatPoints: {
    method: 'get',
    path: '/api/laundromats/points',
    summary: 'Where every laundromat is, for a map of them all',
    description:
      'Each listed laundromat as a `[longitude, latitude]` pair and nothing more, so the whole world fits one ' +
      'small answer; a point is matched to its laundromat by asking GET /api/laundromats for the laundromats ' +
      'nearest it. Read afresh at most once a minute; `ETag` and `If-None-Match` answer 304 when unchanged.',
    access: 'anyone',
    answers: {
      200: {
        description: 'Every point.',
        schema: laundromatPointsResponseSchema,
        headers: z.object({
          ETag: z.string().meta({ description: 'Changes when any listing does.' }),
          'Cache-Control': z.string().meta({ description: '`public, max-age=60`.' }),
        }),
      },
      304: { description: 'Unchanged since the `If-None-Match` ETag.' },
    },
    errors: [],
  },
  getLaundromat: {
    method: 'get',
    path: '/api/laundromats/{id}',
    summary: 'One laundromat',
    description: 'An approved one, or a pending one to the person who submitted it and to admins.',
    access: 'anyone',
    params: laundromatIdParams,
    answers: {
      200: { description: 'The laundromat.', schema: laundromatSchema },
      301: {
        description:
          'It was merged into another laundromat: `Location` is the survivor, which a client shows instead.',
        headers: z.object({ Location: z.string().meta({ description: "The survivor's path." }) }),
      },
    },
    errors: [404],
  },
  submitLaundromat: {
    method: 'post',
    path: '/api/laundromats',
    summary: 'Add a laundromat',
    description: 'Stored as pending until an admin approves it; unknown keys are ignored.',
    access: 'signed-in',
    body: jsonBody(createLaundromatRequestSchema),
    answers: { 201: { description: 'The submitted laundromat, pending.', schema: laundromatSchema } },
    errors: [400],
  },
  findNearbyDuplicates: {
    method: 'get',
    path: '/api/laundromats/nearby-duplicates',
    summary: 'Listed laundromats that may be the one being added',
    description:
      `Listed laundromats within ${nearbyDuplicateRadiusMeters} m of \`lat\`,\`lng\` whose name is like \`name\` ` +
      "(accents, case and words such as 'laundromat' or 'laverie' aside), nearest first. The add form asks " +
      "before it submits: 'Is it one of these?'.",
    access: 'anyone',
    query: nearbyDuplicatesQuerySchema,
    answers: { 200: { description: 'The likely duplicates.', schema: nearbyDuplicatesResponseSchema } },
    errors: [400],
  },
  listLaundromatSubmissions: {
    method: 'get',
    path: '/api/laundromats/submissions',
    summary: 'Laundromats waiting for approval',
    description:
      'Pending submissions, oldest first, with who submitted each and when and the likely duplicates near ' +
      'each; `limit` at a time with `nextCursor` for the next page, and `total` for the whole queue.',
    access: 'admin',
    query: listSubmissionsQuerySchema,
    answers: { 200: { description: 'One page of the queue.', schema: laundromatSubmissionListSchema } },
    errors: [400],
  },
  approveLaundromat: {
    method: 'post',
    path: '/api/laundromats/{id}/approve',
    summary: 'Approve a submitted laundromat',
    description: 'Lists it; the decision, or a refused attempt, goes to the audit log.',
    access: 'admin',
    params: laundromatIdParams,
    answers: { 200: { description: 'The laundromat, now approved.', schema: laundromatSchema } },
    errors: [404, 409],
  },
  rejectLaundromat: {
    method: 'post',
    path: '/api/laundromats/{id}/reject',
    summary: 'Reject a submitted laundromat',
    description:
      'It stays unlisted, with the reason kept; a laundromat that is not pending is a 409. The decision, or ' +
      'a refused attempt, goes to the audit log.',
    access: 'admin',
    params: laundromatIdParams,
    body: jsonBody(rejectLaundromatRequestSchema),
    answers: { 200: { description: 'The laundromat, now rejected.', schema: laundromatSchema } },
    errors: [400, 404, 409],
  },
  listFavorites: {
    method: 'get',
    path: '/api/favorites',
    summary: "The signed-in user's favourite laundromats",
    access: 'signed-in',
    answers: { 200: { description: 'The favourites.', schema: favoriteListResponseSchema } },
    errors: [],
  },
  checkFavorite: {
    method: 'get',
    path: '/api/favorites/{laundromatId}/check',
    summary: 'Whether a laundromat is a favourite',
    access: 'signed-in',
    params: favoriteParams,
    answers: { 200: { description: 'The answer.', schema: favoriteCheckResponseSchema } },
    errors: [404],
  },
  addFavorite: {
    method: 'post',
    path: '/api/favorites',
    summary: 'Add a favourite',
    access: 'signed-in',
    body: jsonBody(addFavoriteRequestSchema),
    answers: {
      201: { description: 'Added.', schema: favoriteSchema },
      200: { description: 'It was a favourite already.', schema: favoriteSchema },
    },
    errors: [400, 404],
  },
  removeFavorite: {
    method: 'delete',
    path: '/api/favorites/{laundromatId}',
    summary: 'Remove a favourite',
    access: 'signed-in',
    params: favoriteParams,
    answers: { 204: { description: 'Removed, or it was not a favourite.' } },
    errors: [404],
  },
  geocode: {
    method: 'get',
    path: '/api/geocode',
    summary: 'Places matching a text',
    description:
      'Up to 5 results, best first. A failure names its geocoding code, such as NO_RESULTS or RATE_LIMIT.',
    access: 'anyone',
    query: geocodeQuerySchema,
    answers: { 200: { description: 'The places.', schema: geocodeResponseSchema } },
    errors: [400, 404, 502],
  },
  suggestPlaces: {
    method: 'get',
    path: '/api/geocode/suggest',
    summary: 'Places as a name is typed',
    description:
      'Up to 5 places whose name begins with the text, best first, from the offline gazetteer; when a search ' +
      'for the text would find no place, up to 5 close spellings in didYouMean.',
    access: 'anyone',
    query: geocodeSuggestQuerySchema,
    answers: { 200: { description: 'The suggestions.', schema: geocodeSuggestResponseSchema } },
    errors: [400],
  },
  reverseGeocode: {
    method: 'get',
    path: '/api/geocode/reverse',
    summary: 'The place at a point',
    access: 'anyone',
    query: reverseGeocodeQuerySchema,
    answers: { 200: { description: 'The place, or null.', schema: reverseGeocodeResponseSchema } },
    errors: [400],
  },
});
