import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * How close another laundromat of a similar name must be to count as a likely duplicate: a shop front
 * and the next street's corner, not the next district.
 */
export const nearbyDuplicateRadiusMeters = 100;

const coordinate = (name: 'lat' | 'lng', limit: number) => {
  const message = `${name} must be a number between -${limit} and ${limit}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message }),
  );
};

/** GET /api/laundromats/nearby-duplicates: the add form asks before it submits. */
export const nearbyDuplicatesQuerySchema = z.object({
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(255, { error: 'name must be at most 255 characters' }),
});
export type NearbyDuplicatesQuery = z.infer<typeof nearbyDuplicatesQuerySchema>;

/** A laundromat that may be the one being added (or submitted): its name, where, and how far. */
export const nearbyDuplicateSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  /** Metres from the point asked about, to 0.1 m. */
  distanceMeters: z.number().min(0),
  /** 'approved' is listed; 'pending' waits in the admins' queue too. */
  status: z.enum(['approved', 'pending']),
});
export type NearbyDuplicate = z.infer<typeof nearbyDuplicateSchema>;

export const nearbyDuplicatesResponseSchema = z.object({
  /** Nearest first; listed laundromats only. */
  items: z.array(nearbyDuplicateSchema),
  radiusMeters: z.number(),
});
export type NearbyDuplicatesResponse = z.infer<typeof nearbyDuplicatesResponseSchema>;
