import { z } from 'zod';
import { photoCategories } from '../constants/domain.ts';
import { defineEventSchema } from './envelope.ts';

export const photoUploadedV1 = 'photo.uploaded.v1';

export const photoUploadedV1DataSchema = z.object({
  photoId: z.uuid(),
  laundromatId: z.uuid().nullable(),
  userId: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  mimeType: z.string(),
  /** Object storage path the OCR worker reads the image from (served as /objects/{path}). */
  objectPath: z.string().min(1),
  category: z.enum(photoCategories).nullable(),
  isPublic: z.boolean(),
  uploadedAt: z.iso.datetime({ offset: true }),
});

export const photoUploadedV1Schema = defineEventSchema(photoUploadedV1, photoUploadedV1DataSchema);
export type PhotoUploadedV1 = z.infer<typeof photoUploadedV1Schema>;
