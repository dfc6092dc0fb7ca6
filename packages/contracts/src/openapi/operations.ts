import { z } from 'zod';
import {
  accountTokenSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  returnToSchema,
  verifyEmailQuerySchema,
} from '../auth.ts';
import { idSchema } from '../common.ts';
import { languages } from '../constants/domain.ts';
import {
  addFavoriteRequestSchema,
  favoriteCheckResponseSchema,
  favoriteListResponseSchema,
  favoriteParamsSchema,
  favoriteSchema,
} from '../favorite.ts';
import {
  geocodeQuerySchema,
  geocodeResponseSchema,
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
  photoIdParamsSchema,
  photoListQuerySchema,
  photoListResponseSchema,
  photoSchema,
  updatePhotoRequestSchema,
  uploadPhotoFieldsSchema,
} from '../photo.ts';
import {
  createReviewRequestSchema,
  listReviewsQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
} from '../review.ts';
import { userSchema } from '../user.ts';
import { accountOperations } from './account-operations.ts';
import { adOperations } from './ad-operations.ts';
import { billingOperations } from './billing-operations.ts';
import { personalDataOperations } from './personal-data-operations.ts';
import { privacyOperations } from './privacy-operations.ts';

/**
 * What answers under /api and /objects: the services, and the gateway for the one call it answers itself
 * (the export of a person's data, which it gathers from all of them).
 */
export type ApiServiceName = 'identity' | 'directory' | 'review' | 'photo' | 'ad' | 'billing' | 'gateway';

/**
 * anyone: a session is optional and may widen the answer (one's own pending laundromat, private photos);
 * signed-in: 401 without a session; admin: 401 without one, 403 for a session that is not an admin's.
 */
export type ApiAccess = 'anyone' | 'signed-in' | 'admin';

/** Statuses a service itself answers with; those the gateway adds to every call are added by the builder. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export interface ApiAnswer {
  description: string;
  /** application/json unless given; none for an answer without a body. */
  contentType?: string;
  schema?: z.ZodType;
  headers?: z.ZodObject;
}

export interface ApiRequestBody {
  contentType: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  schema: z.ZodType;
  required: boolean;
}

export interface ApiOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: `/api/laundromats/{id}`. */
  path: string;
  service: ApiServiceName;
  summary: string;
  description?: string;
  access: ApiAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: ApiRequestBody;
  answers: Record<number, ApiAnswer>;
  errors: ApiErrorStatus[];
}

const json = (schema: z.ZodType, required = true): ApiRequestBody => ({
  contentType: 'application/json',
  schema,
  required,
});

const laundromatIdParams = z.object({
  id: idSchema.meta({ description: "The laundromat's id." }),
});

/** The page reads these leniently: an unknown language, mode or return path falls back to its default. */
const loginPageQuery = z.object({
  lang: z.enum(languages).optional().meta({ description: 'Language of the page; else cookie, then header.' }),
  returnTo: returnToSchema.optional().meta({ description: 'Same-origin path to go back to after sign-in.' }),
  mode: z.enum(['signin', 'register', 'forgot']).optional(),
});

const languageQuery = z
  .enum(languages)
  .optional()
  .meta({ description: 'Language of the page; else cookie, then header.' });

const redirect = (description: string): ApiAnswer => ({
  description,
  headers: z.object({ Location: z.string().meta({ description: 'Where the browser goes next.' }) }),
});

const sessionCookie = z.object({
  'Set-Cookie': z.string().meta({ description: 'The session cookie `sid` (HttpOnly, SameSite=Lax).' }),
});

/** Binary parts have no zod type of their own; this renders as the binary string OpenAPI tools expect. */
const binaryFile = (description: string) =>
  z.string().meta({ description, override: { type: 'string', format: 'binary' } });

const photoUploadForm = z.object({
  ...uploadPhotoFieldsSchema.shape,
  file: binaryFile('The image: JPEG, PNG, WebP or HEIC, at most 10 MB and 40 megapixels.'),
});

/** Every operation of every service, as the gateway routes it (route-table.ts) and the services answer it. */
export const apiOperations: ApiOperation[] = [
  {
    operationId: 'showLoginPage',
    method: 'get',
    path: '/api/login',
    service: 'identity',
    summary: 'The sign-in and registration page',
    description: 'A server-rendered HTML page in the five languages; its forms call the JSON endpoints.',
    access: 'anyone',
    query: loginPageQuery,
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [],
  },
  {
    operationId: 'postLoginForm',
    method: 'post',
    path: '/api/login',
    service: 'identity',
    summary: 'Where the sign-in form posts when scripting is off',
    description: 'Sends the browser back to the page, which explains that scripting is needed.',
    access: 'anyone',
    query: loginPageQuery,
    body: { contentType: 'application/x-www-form-urlencoded', schema: loginRequestSchema, required: false },
    answers: { 303: redirect('Back to the sign-in page.') },
    errors: [400],
  },
  {
    operationId: 'register',
    method: 'post',
    path: '/api/auth/register',
    service: 'identity',
    summary: 'Create an account and sign in',
    access: 'anyone',
    body: json(registerRequestSchema),
    answers: {
      201: { description: 'The new account, signed in.', schema: userSchema, headers: sessionCookie },
    },
    errors: [400, 409, 415],
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/api/auth/login',
    service: 'identity',
    summary: 'Sign in with email and password',
    access: 'anyone',
    body: json(loginRequestSchema),
    answers: { 200: { description: 'The signed-in user.', schema: userSchema, headers: sessionCookie } },
    errors: [400, 401, 415, 429],
  },
  {
    operationId: 'logoutNavigation',
    method: 'get',
    path: '/api/logout',
    service: 'identity',
    summary: 'Sign out (a navigation)',
    description:
      'From our own pages: revokes the session, clears the cookie and sends the browser home. A ' +
      'cross-site navigation only goes home.',
    access: 'anyone',
    answers: { 302: redirect('Home, signed out.') },
    errors: [],
  },
  {
    operationId: 'logout',
    method: 'post',
    path: '/api/logout',
    service: 'identity',
    summary: 'Sign out',
    description: 'Revokes the session and clears the cookie; without a session there is nothing to revoke.',
    access: 'anyone',
    answers: { 204: { description: 'Signed out.' } },
    errors: [],
  },
  {
    operationId: 'getCurrentUser',
    method: 'get',
    path: '/api/auth/user',
    service: 'identity',
    summary: 'The signed-in user',
    description: 'Read fresh on every call, so a deleted account is signed out at once.',
    access: 'signed-in',
    answers: { 200: { description: 'The user.', schema: userSchema } },
    errors: [],
  },
  {
    operationId: 'forgotPassword',
    method: 'post',
    path: '/api/auth/forgot-password',
    service: 'identity',
    summary: 'Send a link to choose a new password',
    description:
      'Answers 202 whether or not the address has an account, after the same work; an account gets an ' +
      'e-mail (in `language`, else its own) with a single-use link that expires in an hour. Limited per ' +
      'address and per client.',
    access: 'anyone',
    body: json(forgotPasswordRequestSchema),
    answers: { 202: { description: 'Accepted.', schema: forgotPasswordResponseSchema } },
    errors: [400, 415, 429],
  },
  {
    operationId: 'resetPassword',
    method: 'post',
    path: '/api/auth/reset-password',
    service: 'identity',
    summary: 'Choose a new password with the link from the e-mail',
    description:
      "Sets the password, marks the address verified, signs out every other session of the person's and " +
      'signs this one in. A link used before, expired or not ours is refused with a message saying which.',
    access: 'anyone',
    body: json(resetPasswordRequestSchema),
    answers: { 200: { description: 'The user, signed in.', schema: userSchema, headers: sessionCookie } },
    errors: [400, 415],
  },
  {
    operationId: 'verifyEmail',
    method: 'get',
    path: '/api/auth/verify-email',
    service: 'identity',
    summary: 'Follow the link of the verification e-mail',
    description:
      'Marks the address verified (once; the link expires) and sends the browser to a page that says so, ' +
      'or why not.',
    access: 'anyone',
    query: verifyEmailQuerySchema,
    answers: { 303: redirect('The page saying whether the address is verified.') },
    errors: [],
  },
  {
    operationId: 'resendVerificationEmail',
    method: 'post',
    path: '/api/auth/verify-email/resend',
    service: 'identity',
    summary: 'Send a new link to verify the address',
    description:
      'For the signed-in person whose address is not verified yet; limited per address and per client like a ' +
      'reset. The older links keep working until they expire.',
    access: 'signed-in',
    answers: { 202: { description: 'Accepted.', schema: forgotPasswordResponseSchema } },
    errors: [401, 409, 429],
  },
  {
    operationId: 'showEmailVerifiedPage',
    method: 'get',
    path: '/api/login/email-verified',
    service: 'identity',
    summary: 'The page after the verification link',
    access: 'anyone',
    query: z.object({
      result: z.enum(['verified', 'expired', 'invalid']).optional(),
      lang: languageQuery,
    }),
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [],
  },
  {
    operationId: 'showResetPasswordPage',
    method: 'get',
    path: '/api/login/reset-password',
    service: 'identity',
    summary: 'The page to choose a new password, opened from the e-mail',
    description: 'Its form posts to /api/auth/reset-password; a link that can no longer be used says so.',
    access: 'anyone',
    query: z.object({ token: accountTokenSchema.optional(), lang: languageQuery }),
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [],
  },
  {
    operationId: 'listLaundromats',
    method: 'get',
    path: '/api/laundromats',
    service: 'directory',
    summary: 'Laundromats near a point or inside a map area',
    description:
      'Nearest first with a point, else by name; `limit` at a time with `nextCursor` for the next page.',
    access: 'anyone',
    query: listLaundromatsQuerySchema,
    answers: { 200: { description: 'One page of laundromats.', schema: laundromatListResponseSchema } },
    errors: [400],
  },
  {
    operationId: 'searchLaundromats',
    method: 'get',
    path: '/api/laundromats/search',
    service: 'directory',
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
  {
    operationId: 'listLaundromatPoints',
    method: 'get',
    path: '/api/laundromats/points',
    service: 'directory',
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
  {
    operationId: 'getLaundromat',
    method: 'get',
    path: '/api/laundromats/{id}',
    service: 'directory',
    summary: 'One laundromat',
    description: 'An approved one, or a pending one to the person who submitted it and to admins.',
    access: 'anyone',
    params: laundromatIdParams,
    answers: { 200: { description: 'The laundromat.', schema: laundromatSchema } },
    errors: [404],
  },
  {
    operationId: 'submitLaundromat',
    method: 'post',
    path: '/api/laundromats',
    service: 'directory',
    summary: 'Add a laundromat',
    description: 'Stored as pending until an admin approves it; unknown keys are ignored.',
    access: 'signed-in',
    body: json(createLaundromatRequestSchema),
    answers: { 201: { description: 'The submitted laundromat, pending.', schema: laundromatSchema } },
    errors: [400],
  },
  {
    operationId: 'listLaundromatSubmissions',
    method: 'get',
    path: '/api/laundromats/submissions',
    service: 'directory',
    summary: 'Laundromats waiting for approval',
    description:
      'Pending submissions, oldest first, with who submitted each and when; `limit` at a time with ' +
      '`nextCursor` for the next page, and `total` for the whole queue.',
    access: 'admin',
    query: listSubmissionsQuerySchema,
    answers: { 200: { description: 'One page of the queue.', schema: laundromatSubmissionListSchema } },
    errors: [400],
  },
  {
    operationId: 'approveLaundromat',
    method: 'post',
    path: '/api/laundromats/{id}/approve',
    service: 'directory',
    summary: 'Approve a submitted laundromat',
    description: 'Lists it; the decision, or a refused attempt, goes to the audit log.',
    access: 'admin',
    params: laundromatIdParams,
    answers: { 200: { description: 'The laundromat, now approved.', schema: laundromatSchema } },
    errors: [404, 409],
  },
  {
    operationId: 'rejectLaundromat',
    method: 'post',
    path: '/api/laundromats/{id}/reject',
    service: 'directory',
    summary: 'Reject a submitted laundromat',
    description:
      'It stays unlisted, with the reason kept; a laundromat that is not pending is a 409. The decision, or ' +
      'a refused attempt, goes to the audit log.',
    access: 'admin',
    params: laundromatIdParams,
    body: json(rejectLaundromatRequestSchema),
    answers: { 200: { description: 'The laundromat, now rejected.', schema: laundromatSchema } },
    errors: [400, 404, 409],
  },
  {
    operationId: 'listFavorites',
    method: 'get',
    path: '/api/favorites',
    service: 'directory',
    summary: "The signed-in user's favourite laundromats",
    access: 'signed-in',
    answers: { 200: { description: 'The favourites.', schema: favoriteListResponseSchema } },
    errors: [],
  },
  {
    operationId: 'checkFavorite',
    method: 'get',
    path: '/api/favorites/{laundromatId}/check',
    service: 'directory',
    summary: 'Whether a laundromat is a favourite',
    access: 'signed-in',
    params: favoriteParamsSchema,
    answers: { 200: { description: 'The answer.', schema: favoriteCheckResponseSchema } },
    errors: [404],
  },
  {
    operationId: 'addFavorite',
    method: 'post',
    path: '/api/favorites',
    service: 'directory',
    summary: 'Add a favourite',
    access: 'signed-in',
    body: json(addFavoriteRequestSchema),
    answers: {
      201: { description: 'Added.', schema: favoriteSchema },
      200: { description: 'It was a favourite already.', schema: favoriteSchema },
    },
    errors: [400, 404],
  },
  {
    operationId: 'removeFavorite',
    method: 'delete',
    path: '/api/favorites/{laundromatId}',
    service: 'directory',
    summary: 'Remove a favourite',
    access: 'signed-in',
    params: favoriteParamsSchema,
    answers: { 204: { description: 'Removed, or it was not a favourite.' } },
    errors: [404],
  },
  {
    operationId: 'geocode',
    method: 'get',
    path: '/api/geocode',
    service: 'directory',
    summary: 'Places matching a text',
    description: 'Up to 5 results, best first. Errors carry the geocoding codes of spec §8.',
    access: 'anyone',
    query: geocodeQuerySchema,
    answers: { 200: { description: 'The places.', schema: geocodeResponseSchema } },
    errors: [400, 404, 502],
  },
  {
    operationId: 'reverseGeocode',
    method: 'get',
    path: '/api/geocode/reverse',
    service: 'directory',
    summary: 'The place at a point',
    access: 'anyone',
    query: reverseGeocodeQuerySchema,
    answers: { 200: { description: 'The place, or null.', schema: reverseGeocodeResponseSchema } },
    errors: [400],
  },
  {
    operationId: 'listReviews',
    method: 'get',
    path: '/api/laundromats/{id}/reviews',
    service: 'review',
    summary: "A laundromat's reviews, newest first",
    description: 'Anonymous. When more exist, the `Link` header gives the next page.',
    access: 'anyone',
    params: laundromatIdParams,
    query: listReviewsQuerySchema,
    answers: {
      200: {
        description: 'One page of reviews.',
        schema: reviewListResponseSchema,
        headers: z.object({
          Link: z.string().optional().meta({ description: '`<…?limit=…&cursor=…>; rel="next"`' }),
        }),
      },
    },
    errors: [400, 404],
  },
  {
    operationId: 'postReview',
    method: 'post',
    path: '/api/laundromats/{id}/reviews',
    service: 'review',
    summary: 'Review a laundromat',
    description: 'One review per person per laundromat per day; a second one the same day is a 429.',
    access: 'signed-in',
    params: laundromatIdParams,
    body: json(createReviewRequestSchema),
    answers: { 201: { description: 'The review.', schema: reviewSchema } },
    errors: [400, 404, 429],
  },
  {
    operationId: 'uploadPhoto',
    method: 'post',
    path: '/api/photos',
    service: 'photo',
    summary: 'Upload a photo',
    description:
      'Checked by its bytes, resized and stripped of metadata; price boards are read by OCR later.',
    access: 'signed-in',
    body: { contentType: 'multipart/form-data', schema: photoUploadForm, required: true },
    answers: { 201: { description: 'The stored photo.', schema: photoSchema } },
    errors: [400, 404, 413, 415, 422],
  },
  {
    operationId: 'listGallery',
    method: 'get',
    path: '/api/photos',
    service: 'photo',
    summary: 'The general gallery',
    description: "Public photos, and the signed-in user's own private ones.",
    access: 'anyone',
    query: photoListQuerySchema,
    answers: { 200: { description: 'The photos.', schema: photoListResponseSchema } },
    errors: [400],
  },
  {
    operationId: 'listUserPhotos',
    method: 'get',
    path: '/api/photos/user/{userId}',
    service: 'photo',
    summary: "A user's own photos",
    description: 'Only the user may list them.',
    access: 'signed-in',
    params: z.object({ userId: idSchema.meta({ description: "The signed-in user's id." }) }),
    answers: { 200: { description: 'The photos.', schema: photoListResponseSchema } },
    errors: [400, 403],
  },
  {
    operationId: 'listLaundromatPhotos',
    method: 'get',
    path: '/api/photos/{id}',
    service: 'photo',
    summary: "A laundromat's photos",
    description:
      "Here `id` is a laundromat's id: the path is shared with a photo's own PUT and DELETE, and OpenAPI " +
      'allows one parameter name per path.',
    access: 'anyone',
    params: laundromatIdParams,
    answers: { 200: { description: 'The photos.', schema: photoListResponseSchema } },
    errors: [400],
  },
  {
    operationId: 'updatePhoto',
    method: 'put',
    path: '/api/photos/{id}',
    service: 'photo',
    summary: "Change a photo's caption, category or visibility",
    description: 'Only its owner may.',
    access: 'signed-in',
    params: photoIdParamsSchema,
    body: json(updatePhotoRequestSchema),
    answers: { 200: { description: 'The photo.', schema: photoSchema } },
    errors: [400, 403, 404],
  },
  {
    operationId: 'deletePhoto',
    method: 'delete',
    path: '/api/photos/{id}',
    service: 'photo',
    summary: 'Delete a photo',
    description: 'Only its owner may.',
    access: 'signed-in',
    params: photoIdParamsSchema,
    answers: { 204: { description: 'Deleted.' } },
    errors: [403, 404],
  },
  {
    operationId: 'getImage',
    method: 'get',
    path: '/objects/{objectPath}',
    service: 'photo',
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
  ...accountOperations,
  ...adOperations,
  ...billingOperations,
  ...personalDataOperations,
  ...privacyOperations,
];
