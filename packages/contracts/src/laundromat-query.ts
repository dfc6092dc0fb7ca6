import { z } from 'zod';
import { boundsSchema } from './bounds.ts';
import { listLimits, maxLengths } from './constants/domain.ts';
import { geocodeResultSchema, placeHintsShape } from './geocode.ts';
import { laundromatSchema } from './laundromat.ts';
import {
  queryFlagSchema,
  queryIntSchema,
  queryIntWithDefaultSchema,
  queryNumberSchema,
} from './query-params.ts';

const latitudeParam = queryNumberSchema('latitude must be a number between -90 and 90', -90, 90);
const longitudeParam = queryNumberSchema('longitude must be a number between -180 and 180', -180, 180);

/** bounds=JSON of { north, south, east, west } (docs/product.md, API calls, only after a map-area search). */
export const boundsParamSchema = z
  .string({ error: 'bounds must be a JSON object with north, south, east and west' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.issues.push({
        code: 'custom',
        input: text,
        message: 'bounds must be valid JSON like {"north":1,"south":0,"east":1,"west":0}',
      });
      return z.NEVER;
    }
  })
  .pipe(boundsSchema);

/** Every amenity filter (the quick chips and the rest of the booleans), each only ever 'true'. */
export const laundromatFilterShape = {
  isWashAndFold: queryFlagSchema('isWashAndFold'),
  isDryCleaning: queryFlagSchema('isDryCleaning'),
  isSelfService: queryFlagSchema('isSelfService'),
  acceptsCoin: queryFlagSchema('acceptsCoin'),
  acceptsCard: queryFlagSchema('acceptsCard'),
  acceptsNfc: queryFlagSchema('acceptsNfc'),
  hasChangeMachine: queryFlagSchema('hasChangeMachine'),
  hasDetergentVending: queryFlagSchema('hasDetergentVending'),
  hasWifi: queryFlagSchema('hasWifi'),
  hasSeating: queryFlagSchema('hasSeating'),
  hasFoldingTables: queryFlagSchema('hasFoldingTables'),
  hasRestroom: queryFlagSchema('hasRestroom'),
  hasParking: queryFlagSchema('hasParking'),
  hasAc: queryFlagSchema('hasAc'),
  isWheelchairAccessible: queryFlagSchema('isWheelchairAccessible'),
  isWellLit: queryFlagSchema('isWellLit'),
  hasStaff: queryFlagSchema('hasStaff'),
  hasCctv: queryFlagSchema('hasCctv'),
  hasBigDrums: queryFlagSchema('hasBigDrums'),
  hasHotWater: queryFlagSchema('hasHotWater'),
  minRating: queryNumberSchema('minRating must be a number between 0 and 5', 0, 5),
  openNow: queryFlagSchema('openNow'),
  /** Open round the clock, every day ('24/7' or every day 00:00-24:00). */
  open24Hours: queryFlagSchema('open24Hours'),
  /** A washer free now, by the live summary (the availability service's). */
  washersFree: queryFlagSchema('washersFree'),
};

const pagingShape = {
  limit: queryIntWithDefaultSchema(
    `limit must be a whole number between 1 and ${listLimits.max}`,
    1,
    listLimits.max,
    listLimits.default,
  ),
  /** Opaque; returned as nextCursor by the previous page. */
  cursor: z.string().trim().min(1).max(1000).optional(),
  offset: queryIntSchema('offset must be a whole number of at least 0', 0),
};

type Checked = {
  latitude?: number | undefined;
  longitude?: number | undefined;
  cursor?: string;
  offset?: number;
};
function checkPairs(q: Checked, ctx: z.core.$RefinementCtx<Checked>) {
  if ((q.latitude === undefined) !== (q.longitude === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [q.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'latitude and longitude must be given together',
    });
  }
  if (q.cursor !== undefined && q.offset !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['offset'], message: 'Use either cursor or offset, not both' });
  }
}

/** GET /api/laundromats. Unknown query keys are ignored (stripped). */
export const listLaundromatsQuerySchema = z
  .object({
    latitude: latitudeParam,
    longitude: longitudeParam,
    bounds: z.preprocess((v) => (v === '' ? undefined : v), boundsParamSchema.optional()),
    ...laundromatFilterShape,
    ...pagingShape,
  })
  .superRefine(checkPairs);
export type ListLaundromatsQuery = z.output<typeof listLaundromatsQuerySchema>;

export const searchTypes = ['location', 'map_bounds'] as const;

/** GET /api/laundromats/search. */
export const searchLaundromatsQuerySchema = z
  .object({
    q: z
      .string({ error: 'Query cannot be empty' })
      .trim()
      .min(1, { error: 'Query cannot be empty' })
      .max(maxLengths.searchQuery, { error: `Query must be at most ${maxLengths.searchQuery} characters` }),
    latitude: latitudeParam,
    longitude: longitudeParam,
    searchType: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(searchTypes, { error: "searchType must be 'location' or 'map_bounds'" }).optional(),
    ),
    /** Age of the device location in milliseconds. */
    locationAge: queryNumberSchema(
      'locationAge must be a number of milliseconds of at least 0',
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    /** Device location accuracy in metres. */
    locationAccuracy: queryNumberSchema(
      'locationAccuracy must be a number of metres of at least 0',
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    /** Where the map is ('48.85,2.35') and the browser's country: which place of a name is meant. */
    near: placeHintsShape.near,
    region: placeHintsShape.region,
    ...laundromatFilterShape,
    ...pagingShape,
  })
  .superRefine(checkPairs);
export type SearchLaundromatsQuery = z.output<typeof searchLaundromatsQuerySchema>;

export const laundromatListResponseSchema = z.object({
  items: z.array(laundromatSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().min(0).optional(),
});
export type LaundromatListResponse = z.infer<typeof laundromatListResponseSchema>;

export const laundromatSearchResponseSchema = z.object({
  /** Where the query was resolved to; distances are measured from it. */
  location: geocodeResultSchema,
  items: z.array(laundromatSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().min(0).optional(),
  /**
   * How far from the location a search for a place reaches (absent for a map-area search): every item lies
   * within `meters`, a radius that widened in steps until enough laundromats lay within it. With
   * `nothingWithin`, nothing matched that close and the items are the nearest matches beyond it.
   */
  searchRadius: z.object({ meters: z.number().positive(), nothingWithin: z.boolean() }).optional(),
});
export type LaundromatSearchResponse = z.infer<typeof laundromatSearchResponseSchema>;
