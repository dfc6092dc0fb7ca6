import { z } from 'zod';
import {
  accountSessionsResponseSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  endOtherSessionsResponseSchema,
  setProfileImageRequestSchema,
  updateProfileRequestSchema,
} from '../account.ts';
import {
  accountTokenSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  returnToSchema,
  verifyEmailQuerySchema,
} from '../auth.ts';
import { idSchema } from '../common.ts';
import { languages } from '../constants/domain.ts';
import {
  notificationPreferencesSchema,
  unsubscribeTokenSchema,
  updateNotificationPreferencesSchema,
} from '../notification.ts';
import { deleteAccountRequestSchema } from '../personal-data.ts';
import {
  consentHistoryResponseSchema,
  consentStateSchema,
  putConsentRequestSchema,
  retentionPoliciesResponseSchema,
  retentionPolicySchema,
  updateRetentionPolicyRequestSchema,
} from '../privacy.ts';
import { userSchema } from '../user.ts';
import { defineOperations, jsonBody, type ApiAnswer } from './operation.ts';

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

const renewedSessionCookie = z.object({
  'Set-Cookie': z.string().meta({ description: 'This session signed anew, under the same id.' }),
});

/**
 * Accounts, sign-in and sessions; the account page's operations (/account: the person's name, image,
 * address, password, sessions and erasure); a signed-in person's cookie choices (docs/product.md, Data:
 * user consent) and the admins' retention policies.
 */
export const identityOperations = defineOperations('identity', {
  showLoginPage: {
    method: 'get',
    path: '/api/login',
    summary: 'The sign-in and registration page',
    description: 'A server-rendered HTML page in the five languages; its forms call the JSON endpoints.',
    access: 'anyone',
    query: loginPageQuery,
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [],
  },
  postLoginForm: {
    method: 'post',
    path: '/api/login',
    summary: 'Where the sign-in form posts when scripting is off',
    description: 'Sends the browser back to the page, which explains that scripting is needed.',
    access: 'anyone',
    query: loginPageQuery,
    body: { contentType: 'application/x-www-form-urlencoded', schema: loginRequestSchema, required: false },
    answers: { 303: redirect('Back to the sign-in page.') },
    errors: [400],
  },
  register: {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create an account; the mailed link finishes it',
    description:
      'Answers 202 with no session whether or not the address has an account, after the same work. A new ' +
      'address gets a verification e-mail whose link verifies it and signs its owner in; an address with ' +
      'an account gets a warning that someone tried to sign up with it (limited per address and client).',
    access: 'anyone',
    body: jsonBody(registerRequestSchema),
    answers: { 202: { description: 'Accepted.', schema: registerResponseSchema } },
    errors: [400, 415],
  },
  login: {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    access: 'anyone',
    body: jsonBody(loginRequestSchema),
    answers: { 200: { description: 'The signed-in user.', schema: userSchema, headers: sessionCookie } },
    errors: [400, 401, 415, 429],
  },
  logoutNavigation: {
    method: 'get',
    path: '/api/logout',
    summary: 'Sign out (a navigation)',
    description:
      'From our own pages: revokes the session, clears the cookie and sends the browser home. A ' +
      'cross-site navigation only goes home.',
    access: 'anyone',
    answers: { 302: redirect('Home, signed out.') },
    errors: [],
  },
  logout: {
    method: 'post',
    path: '/api/logout',
    summary: 'Sign out',
    description: 'Revokes the session and clears the cookie; without a session there is nothing to revoke.',
    access: 'anyone',
    answers: { 204: { description: 'Signed out.' } },
    errors: [],
  },
  getCurrentUser: {
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    description: 'Read fresh on every call, so a deleted account is signed out at once.',
    access: 'signed-in',
    answers: { 200: { description: 'The user.', schema: userSchema } },
    errors: [],
  },
  forgotPassword: {
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Send a link to choose a new password',
    description:
      'Answers 202 whether or not the address has an account, after the same work; an account gets an ' +
      'e-mail (in `language`, else its own) with a single-use link that expires in an hour. Limited per ' +
      'address and per client.',
    access: 'anyone',
    body: jsonBody(forgotPasswordRequestSchema),
    answers: { 202: { description: 'Accepted.', schema: forgotPasswordResponseSchema } },
    errors: [400, 415, 429],
  },
  resetPassword: {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Choose a new password with the link from the e-mail',
    description:
      "Sets the password, marks the address verified, signs out every other session of the person's and " +
      'signs this one in. A link used before, expired or not ours is refused with a message saying which.',
    access: 'anyone',
    body: jsonBody(resetPasswordRequestSchema),
    answers: { 200: { description: 'The user, signed in.', schema: userSchema, headers: sessionCookie } },
    errors: [400, 415],
  },
  verifyEmail: {
    method: 'get',
    path: '/api/auth/verify-email',
    summary: 'Follow the link of the verification e-mail',
    description:
      'Marks the address verified (once; the link expires), signs its owner in on the use that verified ' +
      'it, and sends the browser to a page that says so, or why not.',
    access: 'anyone',
    query: verifyEmailQuerySchema,
    answers: { 303: redirect('The page saying whether the address is verified.') },
    errors: [],
  },
  resendVerificationEmail: {
    method: 'post',
    path: '/api/auth/verify-email/resend',
    summary: 'Send a new link to verify the address',
    description:
      'For the signed-in person whose address is not verified yet; limited per address and per client like a ' +
      'reset. The older links keep working until they expire.',
    access: 'signed-in',
    answers: { 202: { description: 'Accepted.', schema: forgotPasswordResponseSchema } },
    errors: [401, 409, 429],
  },
  showEmailVerifiedPage: {
    method: 'get',
    path: '/api/login/email-verified',
    summary: 'The page after the verification link',
    access: 'anyone',
    query: z.object({
      result: z.enum(['verified', 'expired', 'invalid']).optional(),
      lang: languageQuery,
    }),
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [],
  },
  showResetPasswordPage: {
    method: 'get',
    path: '/api/login/reset-password',
    summary: 'The page to choose a new password, opened from the e-mail',
    description: 'Its form posts to /api/auth/reset-password; a link that can no longer be used says so.',
    access: 'anyone',
    query: z.object({ token: accountTokenSchema.optional(), lang: languageQuery }),
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [],
  },
  updateProfile: {
    method: 'patch',
    path: '/api/me',
    summary: 'Change the display name',
    description: 'The fields sent change; an empty one is cleared (the header then shows the e-mail).',
    access: 'signed-in',
    body: jsonBody(updateProfileRequestSchema),
    answers: { 200: { description: 'The user.', schema: userSchema } },
    errors: [400, 415],
  },
  setProfileImage: {
    method: 'put',
    path: '/api/me/profile-image',
    summary: 'Show an uploaded image as the profile image, or none',
    description: "Only an image the photo service stored for this person; someone else's is refused.",
    access: 'signed-in',
    body: jsonBody(setProfileImageRequestSchema),
    answers: { 200: { description: 'The user.', schema: userSchema } },
    errors: [400, 403, 415],
  },
  changeEmail: {
    method: 'post',
    path: '/api/me/email',
    summary: 'Ask to change the e-mail address',
    description:
      'With the current password. A link goes to the new address and the change waits for it; the current ' +
      'address is told. Limited like the other mails, and wrong passwords like sign-ins.',
    access: 'signed-in',
    body: jsonBody(changeEmailRequestSchema),
    answers: { 202: { description: 'The link is on its way.', schema: forgotPasswordResponseSchema } },
    errors: [400, 403, 409, 415, 429],
  },
  confirmEmailChange: {
    method: 'get',
    path: '/api/auth/confirm-email-change',
    summary: 'Follow the link mailed to the new address',
    description:
      'Makes the address the account’s (once; the link expires), signs this browser anew with it and ends ' +
      'every other session, then sends the browser to /account?emailChange=changed|used|expired|invalid|taken.',
    access: 'anyone',
    query: z.object({ token: z.string().optional() }),
    answers: { 303: { description: 'The account page, saying how it went.' } },
    errors: [],
  },
  changePassword: {
    method: 'post',
    path: '/api/me/password',
    summary: 'Change the password',
    description: 'With the current password; every other session of the person ends at once.',
    access: 'signed-in',
    body: jsonBody(changePasswordRequestSchema),
    answers: { 200: { description: 'The user.', schema: userSchema, headers: renewedSessionCookie } },
    errors: [400, 403, 415, 429],
  },
  listSessions: {
    method: 'get',
    path: '/api/me/sessions',
    summary: "The person's signed-in sessions",
    description: 'Browser and system, a shortened address, when signed in and last active; this one first.',
    access: 'signed-in',
    answers: { 200: { description: 'The sessions.', schema: accountSessionsResponseSchema } },
    errors: [],
  },
  endOtherSessions: {
    method: 'post',
    path: '/api/me/sessions/sign-out-others',
    summary: 'Sign out everywhere else',
    description: 'Every other session of the person is refused by the gateway from then on.',
    access: 'signed-in',
    answers: {
      200: {
        description: 'How many ended.',
        schema: endOtherSessionsResponseSchema,
        headers: renewedSessionCookie,
      },
    },
    errors: [],
  },
  endSession: {
    method: 'delete',
    path: '/api/me/sessions/{id}',
    summary: 'Sign one session out',
    description: "The gateway refuses it from then on; another person's session is not found.",
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The session's id." }) }),
    answers: { 204: { description: 'Signed out.' } },
    errors: [404],
  },
  getConsent: {
    method: 'get',
    path: '/api/me/consent',
    summary: "The person's current cookie choices",
    description:
      'Necessary, analytics and advertising as last recorded, with the policy version they were given ' +
      'under; the page asks again when the current policy is newer.',
    access: 'signed-in',
    answers: { 200: { description: 'The current choices.', schema: consentStateSchema } },
    errors: [],
  },
  putConsent: {
    method: 'put',
    path: '/api/me/consent',
    summary: 'Record the cookie choices',
    description:
      'Each change is a new record (a withdrawal sets withdrawnAt), never an overwrite, kept with its ' +
      'version, source, time, address and user agent. Without advertising consent the advertising ' +
      'identifier cookie is cleared and the ad service forgets what it counted under it.',
    access: 'signed-in',
    body: jsonBody(putConsentRequestSchema),
    answers: { 200: { description: 'The choices now in force.', schema: consentStateSchema } },
    errors: [400, 415],
  },
  getConsentHistory: {
    method: 'get',
    path: '/api/me/consent/history',
    summary: 'Every cookie choice the person has recorded, withdrawals included',
    access: 'signed-in',
    answers: { 200: { description: 'The records, newest first.', schema: consentHistoryResponseSchema } },
    errors: [],
  },
  getNotificationPreferences: {
    method: 'get',
    path: '/api/me/notifications',
    summary: 'Which notification e-mails the person gets',
    description:
      'Every notification type (a new review, a suggested edit, a campaign decided, a budget nearly ' +
      'spent…) with whether it is on; each is on until turned off. Codes and account mails are always sent.',
    access: 'signed-in',
    answers: { 200: { description: 'Every type, on or off.', schema: notificationPreferencesSchema } },
    errors: [],
  },
  putNotificationPreferences: {
    method: 'put',
    path: '/api/me/notifications',
    summary: 'Turn notification e-mails on or off',
    description: 'The types sent change; the others stay as they were.',
    access: 'signed-in',
    body: jsonBody(updateNotificationPreferencesSchema),
    answers: { 200: { description: 'Every type, on or off.', schema: notificationPreferencesSchema } },
    errors: [400, 415],
  },
  showUnsubscribePage: {
    method: 'get',
    path: '/api/notifications/unsubscribe',
    summary: 'The page of a notification e-mail’s unsubscribe link',
    description:
      'Names the kind of e-mail and asks to confirm with one button (a link opened by a mail scanner ' +
      'changes nothing), in the person’s language. A forged or expired link is a 400 page saying so.',
    access: 'anyone',
    query: z.object({ token: unsubscribeTokenSchema, lang: languageQuery }),
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [400],
  },
  unsubscribe: {
    method: 'post',
    path: '/api/notifications/unsubscribe',
    summary: 'Stop one kind of notification e-mail (one click)',
    description:
      'The link’s token names the person and the type; the type is turned off at once (RFC 8058: a mail ' +
      'client posts `List-Unsubscribe=One-Click`, the page’s button posts its form). Answers a page that ' +
      'says so. A forged or expired token is a 400 and changes nothing.',
    access: 'anyone',
    query: z.object({ token: unsubscribeTokenSchema, lang: languageQuery }),
    body: {
      contentType: 'application/x-www-form-urlencoded',
      schema: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }),
      required: false,
    },
    answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() } },
    errors: [400],
  },
  listRetentionPolicies: {
    method: 'get',
    path: '/api/admin/retention-policies',
    summary: 'The data retention policies of every service',
    description:
      'Each with its period, legal basis, jurisdiction, whether it runs by itself and its last run.',
    access: 'admin',
    answers: { 200: { description: 'The policies.', schema: retentionPoliciesResponseSchema } },
    errors: [],
  },
  updateRetentionPolicy: {
    method: 'patch',
    path: '/api/admin/retention-policies/{id}',
    summary: 'Change a retention policy',
    description: "The fields sent change; the change is written to the audit log with the admin's name.",
    access: 'admin',
    params: z.object({ id: idSchema.meta({ description: "The policy's id." }) }),
    body: jsonBody(updateRetentionPolicyRequestSchema),
    answers: { 200: { description: 'The policy as changed.', schema: retentionPolicySchema } },
    errors: [400, 404, 415],
  },
  deleteAccount: {
    method: 'delete',
    path: '/api/me',
    summary: 'Delete the account and erase its data',
    description:
      'The password is asked again. The account is deleted at once and every session ends; every service ' +
      "then erases or anonymises what it holds (reviews stay as 'Anonymous User'), and a confirmation " +
      'e-mail is sent. A wrong password is a 403 and changes nothing.',
    access: 'signed-in',
    body: jsonBody(deleteAccountRequestSchema),
    answers: { 200: { description: 'The account is deleted.', schema: z.object({ message: z.string() }) } },
    errors: [400, 403, 415],
  },
});
