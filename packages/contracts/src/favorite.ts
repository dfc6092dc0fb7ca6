import { z } from 'zod';
import { currencySchema, idSchema, isoDateTimeSchema, latitudeSchema, longitudeSchema } from './common.ts';
import { hoursSchema } from './hours.ts';
import { openStatusSchema } from './open-status.ts';

export const favoriteSchema = z.object({
  id: idSchema,
  userId: idSchema,
  laundromatId: idSchema,
  createdAt: isoDateTimeSchema.optional(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const addFavoriteRequestSchema = z.object({
  laundromatId: idSchema,
});
export type AddFavoriteRequest = z.infer<typeof addFavoriteRequestSchema>;

/** Path parameter of GET /api/favorites/{laundromatId}/check and DELETE /api/favorites/{laundromatId}. */
export const favoriteParamsSchema = z.object({ laundromatId: idSchema });

export const favoriteCheckResponseSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteCheckResponse = z.infer<typeof favoriteCheckResponseSchema>;

/** One row of GET /api/favorites (docs/product.md, API calls); id is the laundromat's id. */
export const favoriteListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  hours: hoursSchema.nullable(),
  averageRating: z.number().min(0).max(5).nullable(),
  totalReviews: z.number().int().min(0),
  address: z.string(),
  /**
   * Beside the fields the page needs, so a saved card says where it is; optional for lists an older server
   * sent.
   */
  city: z.string().max(100).optional(),
  country: z.string().max(100).optional(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  washPriceSmall: z.number().nullable(),
  dryPrice30min: z.number().nullable(),
  currency: currencySchema,
  /** Server-computed in the laundromat's zone for the OPEN / CLOSED / 24 HRS badge; optional for older servers. */
  timeZone: z.string().optional(),
  openStatus: openStatusSchema.optional(),
});
export type FavoriteListItem = z.infer<typeof favoriteListItemSchema>;

export const favoriteListResponseSchema = z.array(favoriteListItemSchema);
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;
