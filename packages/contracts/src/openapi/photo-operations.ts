import { z } from 'zod';
import { profileImageUploadResponseSchema } from '../account.ts';
import { adImageUploadResponseSchema } from '../campaign-creatives.ts';
import { idSchema } from '../common.ts';
import {
  photoIdParamsSchema,
  photoListQuerySchema,
  photoListResponseSchema,
  photoSchema,
  updatePhotoRequestSchema,
  uploadPhotoFieldsSchema,
} from '../photo.ts';
import { defineOperations, jsonBody } from './operation.ts';

/** Binary parts have no zod type of their own; this renders as the binary string OpenAPI tools expect. */
const binaryFile = (description: string) =>
  z.string().meta({ description, override: { type: 'string', format: 'binary' } });

const photoUploadForm = z.object({
  ...uploadPhotoFieldsSchema.shape,
  file: binaryFile('The image: JPEG, PNG, WebP or HEIC, at most 10 MB and 40 megapixels.'),
});

/** Photos of laundromats, profile images, and the stored images themselves. */
export const photoOperations = defineOperations('photo', {
  uploadPhoto: {
    method: 'post',
    path: '/api/photos',
    summary: 'Upload a photo',
    description:
      'Checked by its bytes, resized and stripped of metadata; price boards are read by OCR later.',
    access: 'signed-in',
    body: { contentType: 'multipart/form-data', schema: photoUploadForm, required: true },
    answers: { 201: { description: 'The stored photo.', schema: photoSchema } },
    errors: [400, 404, 413, 415, 422],
  },
  uploadProfileImage: {
    method: 'post',
    path: '/api/photos/profile-image',
    summary: 'Upload a profile image',
    description:
      "By a photo's rules (type from its bytes, 10 MB, 40 megapixels), cut to a 256 px square without " +
      'metadata; it replaces the last one. Name it as the profile image with PUT /api/me/profile-image.',
    access: 'signed-in',
    body: {
      contentType: 'multipart/form-data',
      schema: z.object({ file: binaryFile('The image: JPEG, PNG, WebP or HEIC.') }),
      required: true,
    },
    answers: { 201: { description: 'Where the image is served.', schema: profileImageUploadResponseSchema } },
    errors: [400, 413, 415, 422],
  },
  uploadAdImage: {
    method: 'post',
    path: '/api/photos/ad-image',
    summary: "Upload an ad's image",
    description:
      "By a photo's rules (type from its bytes, 10 MB, 40 megapixels), resized to at most 1200 px and " +
      'stored as WebP without metadata; served from this origin under /objects/ad-images/, so a visitor ' +
      "never loads an ad's image from the advertiser's host. Name it as a campaign's or a creative's imageUrl.",
    access: 'signed-in',
    body: {
      contentType: 'multipart/form-data',
      schema: z.object({ file: binaryFile('The image: JPEG, PNG, WebP or HEIC.') }),
      required: true,
    },
    answers: { 201: { description: 'Where the image is served.', schema: adImageUploadResponseSchema } },
    errors: [400, 413, 415, 422],
  },
  listGallery: {
    method: 'get',
    path: '/api/photos',
    summary: 'The general gallery',
    description: "Public photos, and the signed-in user's own private ones.",
    access: 'anyone',
    query: photoListQuerySchema,
    answers: { 200: { description: 'The photos.', schema: photoListResponseSchema } },
    errors: [400],
  },
  // Before /api/photos/{id}, which would otherwise take 'user' for a laundromat id.
  listUserPhotos: {
    method: 'get',
    path: '/api/photos/user/{userId}',
    summary: "A user's own photos",
    description: 'Only the user may list them; any other id is a 403.',
    access: 'signed-in',
    params: z.object({
      userId: z.string().min(1).max(100).meta({ description: "The signed-in user's id." }),
    }),
    answers: { 200: { description: 'The photos.', schema: photoListResponseSchema } },
    errors: [400, 403],
  },
  listLaundromatPhotos: {
    method: 'get',
    path: '/api/photos/{id}',
    summary: "A laundromat's photos",
    description:
      "Here `id` is a laundromat's id: the path is shared with a photo's own PUT and DELETE, and OpenAPI " +
      'allows one parameter name per path.',
    access: 'anyone',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    answers: { 200: { description: 'The photos.', schema: photoListResponseSchema } },
    errors: [400],
  },
  updatePhoto: {
    method: 'put',
    path: '/api/photos/{id}',
    summary: "Change a photo's caption, category or visibility",
    description: 'Only its owner may.',
    access: 'signed-in',
    params: photoIdParamsSchema,
    body: jsonBody(updatePhotoRequestSchema),
    answers: { 200: { description: 'The photo.', schema: photoSchema } },
    errors: [400, 403, 404],
  },
  deletePhoto: {
    method: 'delete',
    path: '/api/photos/{id}',
    summary: 'Delete a photo',
    description: 'Only its owner may.',
    access: 'signed-in',
    params: photoIdParamsSchema,
    answers: { 204: { description: 'Deleted.' } },
    errors: [403, 404],
  },
  getImage: {
    method: 'get',
    path: '/objects/{objectPath}',
    summary: 'A stored image',
    description:
      "A photo's display image or thumbnail, from its `publicUrl`, `privateUrl` or `thumbnailUrl`. " +
      'Private ones only to their owner. The path may hold slashes.',
    access: 'anyone',
    params: z.object({
      objectPath: z.string().min(1).meta({ description: 'The stored object, e.g. `photos/…`.' }),
    }),
    answers: {
      200: { description: 'The image.', contentType: 'image/webp', schema: binaryFile('WebP image.') },
      304: { description: 'Not modified since the copy the client holds.' },
    },
    errors: [404],
  },
});
