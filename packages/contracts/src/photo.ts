import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { photoCategories, photoCategoryFilters } from './constants/domain.ts';
import { detectedPriceSchema } from './events/photo-ocr-completed.ts';

const categoryMessage = `Category must be one of ${photoCategories.join(', ')}`;
export const photoCategorySchema = z.enum(photoCategories, { error: categoryMessage });
export type PhotoCategory = z.infer<typeof photoCategorySchema>;

export const photoSchema = z.object({
  id: idSchema,
  laundromatId: idSchema.nullable(),
  /**
   * The laundromat's name as the directory lists it, so a card can say where the photo was taken (added
   * beside the product's fields); null when there is none or the directory could not say.
   */
  laundromatName: z.string().nullable().optional(),
  /** True when the signed-in caller uploaded it; a public answer names no uploader and no file name. */
  mine: z.boolean(),
  /** True when the laundromat's verified owner uploaded it: the finder marks it as the owner's. */
  byOwner: z.boolean().optional(),
  fileSize: z.number().int().min(0),
  mimeType: z.string(),
  /** When null the client loads the image from /objects/{privateUrl path}. */
  publicUrl: z.string().nullable(),
  privateUrl: z.string().nullable(),
  /** A small WebP of the same image for grids (added beside the product's fields). */
  thumbnailUrl: z.string().nullable().optional(),
  caption: z.string().nullable(),
  category: photoCategorySchema.nullable(),
  extractedText: z.string().nullable(),
  ocrConfidence: z.number().min(0).max(100).nullable(),
  ocrMetadata: z.record(z.string(), z.unknown()).nullable(),
  detectedPrices: z.array(detectedPriceSchema).nullable(),
  detectedServices: z.array(z.string()).nullable(),
  isPublic: z.boolean().default(true),
  isProcessed: z.boolean().default(false),
  createdAt: isoDateTimeSchema,
});
export type Photo = z.infer<typeof photoSchema>;

export const photoListResponseSchema = z.array(photoSchema);

/** PUT /api/photos/{id} (docs/product.md, Validation): only the owner may call it. */
export const updatePhotoRequestSchema = z.object({
  caption: z.string().trim().max(500, { error: 'Caption must be at most 500 characters' }).nullish(),
  category: photoCategorySchema,
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
});
export type UpdatePhotoRequest = z.infer<typeof updatePhotoRequestSchema>;

/** GET /api/photos?category= ('all' or absent means every category). */
export const photoListQuerySchema = z.object({
  category: z
    .enum(photoCategoryFilters, { error: `category must be one of ${photoCategoryFilters.join(', ')}` })
    .optional(),
});
export type PhotoListQuery = z.infer<typeof photoListQuerySchema>;

/** Text fields sent beside the file in a multipart upload; multipart values are strings. */
export const uploadPhotoFieldsSchema = z.object({
  laundromatId: idSchema.optional(),
  caption: z.string().trim().max(500, { error: 'Caption must be at most 500 characters' }).optional(),
  category: photoCategorySchema.optional(),
  isPublic: z
    .enum(['true', 'false'], { error: "isPublic must be 'true' or 'false'" })
    .default('true')
    .transform((v) => v === 'true'),
});
export type UploadPhotoFields = z.infer<typeof uploadPhotoFieldsSchema>;

export const photoIdParamsSchema = z.object({ id: idSchema });
