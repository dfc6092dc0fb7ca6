import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from './common.ts';

/** How many decimals the points' coordinates keep: 0.00001° is about a metre, finer than any marker. */
export const laundromatPointDecimals = 5;

/**
 * Where every listed laundromat is, for a map of them all (the Explore page): `[longitude, latitude]` pairs,
 * in GeoJSON's order. No ids or names: those would make the answer some four times larger, and a person
 * asks for one laundromat's record only when they click its point (GET /api/laundromats with the point).
 */
export const laundromatPointsResponseSchema = z.object({
  count: z.number().int().min(0).meta({ description: 'How many points follow: every listed laundromat.' }),
  points: z
    .array(z.tuple([longitudeSchema, latitudeSchema]))
    .meta({ description: `[longitude, latitude] of each, to ${laundromatPointDecimals} decimals.` }),
});
export type LaundromatPointsResponse = z.infer<typeof laundromatPointsResponseSchema>;
