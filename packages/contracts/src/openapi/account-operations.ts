import { z } from 'zod';
import {
  accountSessionsResponseSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  endOtherSessionsResponseSchema,
  profileImageUploadResponseSchema,
  setProfileImageRequestSchema,
  updateProfileRequestSchema,
} from '../account.ts';
import { forgotPasswordResponseSchema } from '../auth.ts';
import { idSchema } from '../common.ts';
import { userSchema } from '../user.ts';
import type { ApiOperation } from './operations.ts';

const json = (schema: z.ZodType) => ({ contentType: 'application/json' as const, schema, required: true });

const sessionCookie = z.object({
  'Set-Cookie': z.string().meta({ description: 'This session signed anew, under the same id.' }),
});

/** The account page's operations (/account): the person's name, image, address, password and sessions. */
export const accountOperations: ApiOperation[] = [
  {
    operationId: 'updateProfile',
    method: 'patch',
    path: '/api/me',
    service: 'identity',
    summary: 'Change the display name',
    description: 'The fields sent change; an empty one is cleared (the header then shows the e-mail).',
    access: 'signed-in',
    body: json(updateProfileRequestSchema),
    answers: { 200: { description: 'The user.', schema: userSchema } },
    errors: [400, 415],
  },
  {
    operationId: 'uploadProfileImage',
    method: 'post',
    path: '/api/photos/profile-image',
    service: 'photo',
    summary: 'Upload a profile image',
    description:
      "By a photo's rules (type from its bytes, 10 MB, 40 megapixels), cut to a 256 px square without " +
      'metadata; it replaces the last one. Name it as the profile image with PUT /api/me/profile-image.',
    access: 'signed-in',
    body: {
      contentType: 'multipart/form-data',
      schema: z.object({
        file: z.string().meta({
          description: 'The image: JPEG, PNG, WebP or HEIC.',
          override: { type: 'string', format: 'binary' },
        }),
      }),
      required: true,
    },
    answers: { 201: { description: 'Where the image is served.', schema: profileImageUploadResponseSchema } },
    errors: [400, 413, 415, 422],
  },
  {
    operationId: 'setProfileImage',
    method: 'put',
    path: '/api/me/profile-image',
    service: 'identity',
    summary: 'Show an uploaded image as the profile image, or none',
    description: "Only an image the photo service stored for this person; someone else's is refused.",
    access: 'signed-in',
    body: json(setProfileImageRequestSchema),
    answers: { 200: { description: 'The user.', schema: userSchema } },
    errors: [400, 403, 415],
  },
  {
    operationId: 'changeEmail',
    method: 'post',
    path: '/api/me/email',
    service: 'identity',
    summary: 'Ask to change the e-mail address',
    description:
      'With the current password. A link goes to the new address and the change waits for it; the current ' +
      'address is told. Limited like the other mails, and wrong passwords like sign-ins.',
    access: 'signed-in',
    body: json(changeEmailRequestSchema),
    answers: { 202: { description: 'The link is on its way.', schema: forgotPasswordResponseSchema } },
    errors: [400, 403, 409, 415, 429],
  },
  {
    operationId: 'confirmEmailChange',
    method: 'get',
    path: '/api/auth/confirm-email-change',
    service: 'identity',
    summary: 'Follow the link mailed to the new address',
    description:
      'Makes the address the account’s (once; the link expires), signs this browser anew with it and ends ' +
      'every other session, then sends the browser to /account?emailChange=changed|used|expired|invalid|taken.',
    access: 'anyone',
    query: z.object({ token: z.string().optional() }),
    answers: { 303: { description: 'The account page, saying how it went.' } },
    errors: [],
  },
  {
    operationId: 'changePassword',
    method: 'post',
    path: '/api/me/password',
    service: 'identity',
    summary: 'Change the password',
    description: 'With the current password; every other session of the person ends at once.',
    access: 'signed-in',
    body: json(changePasswordRequestSchema),
    answers: { 200: { description: 'The user.', schema: userSchema, headers: sessionCookie } },
    errors: [400, 403, 415, 429],
  },
  {
    operationId: 'listSessions',
    method: 'get',
    path: '/api/me/sessions',
    service: 'identity',
    summary: "The person's signed-in sessions",
    description: 'Browser and system, a shortened address, when signed in and last active; this one first.',
    access: 'signed-in',
    answers: { 200: { description: 'The sessions.', schema: accountSessionsResponseSchema } },
    errors: [],
  },
  {
    operationId: 'endOtherSessions',
    method: 'post',
    path: '/api/me/sessions/sign-out-others',
    service: 'identity',
    summary: 'Sign out everywhere else',
    description: 'Every other session of the person is refused by the gateway from then on.',
    access: 'signed-in',
    answers: {
      200: { description: 'How many ended.', schema: endOtherSessionsResponseSchema, headers: sessionCookie },
    },
    errors: [],
  },
  {
    operationId: 'endSession',
    method: 'delete',
    path: '/api/me/sessions/{id}',
    service: 'identity',
    summary: 'Sign one session out',
    description: "The gateway refuses it from then on; another person's session is not found.",
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The session's id." }) }),
    answers: { 204: { description: 'Signed out.' } },
    errors: [404],
  },
];
