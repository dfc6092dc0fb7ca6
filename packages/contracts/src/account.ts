import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.ts';
import { maxLengths } from './constants/domain.ts';
import { emailSchema, newPasswordSchema } from './auth.ts';

/** The account page's own API (identity): the person's name, image, address, password and sessions. */

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLengths.personName, { error: `${label} must be at most ${maxLengths.personName} characters` })
    // eslint-disable-next-line no-control-regex
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), {
      error: `${label} cannot hold control characters`,
    })
    .transform((text) => text || null);

/** PATCH /api/me: the display name; an empty field clears it (the header then shows the e-mail). */
export const updateProfileRequestSchema = z
  .object({ firstName: name('First name').optional(), lastName: name('Last name').optional() })
  .strict()
  .refine((body) => body.firstName !== undefined || body.lastName !== undefined, {
    error: 'Send a first name or a last name to change.',
  });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * Where the photo service stores a person's profile image: a folder named by their id, so identity can tell
 * an image is the person's own from its address alone.
 */
export const PROFILE_IMAGE_FOLDER = 'profile-images';
export const profileImagePathPattern =
  /^\/objects\/profile-images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[0-9a-f-]{36}\.webp$/;

/** PUT /api/me/profile-image: an image the photo service stored for this person, or null to remove it. */
export const setProfileImageRequestSchema = z
  .object({
    profileImageUrl: z
      .string({ error: 'Upload the image first.' })
      .regex(profileImagePathPattern, { error: 'Upload the image first.' })
      .nullable(),
  })
  .strict();
export type SetProfileImageRequest = z.infer<typeof setProfileImageRequestSchema>;

/** POST /api/photos/profile-image (photo service): what the stored image is called. */
export const profileImageUploadResponseSchema = z.object({ profileImageUrl: z.string() });
export type ProfileImageUploadResponse = z.infer<typeof profileImageUploadResponseSchema>;

const currentPassword = z
  .string({ error: 'Enter your current password.' })
  .min(1, { error: 'Enter your current password.' })
  .max(maxLengths.password, { error: 'Enter your current password.' });

/** POST /api/me/email: the new address takes effect once its owner follows the link sent to it. */
export const changeEmailRequestSchema = z.object({ newEmail: emailSchema, currentPassword }).strict();
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** POST /api/me/password: the person's other sessions end. */
export const changePasswordRequestSchema = z
  .object({ currentPassword, newPassword: newPasswordSchema })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** One signed-in session (docs/product.md, Data: sessions), as its person sees it: never the token. */
export const accountSessionSchema = z.object({
  id: idSchema,
  /** "Chrome", "Safari"…; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "Windows", "iOS"…; null when the browser did not say. */
  os: z.string().nullable(),
  /** The address it signed in from, shortened ("203.0.113.0"): enough to tell places apart, no more. */
  address: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  lastSeenAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.array(accountSessionSchema);

/** POST /api/me/sessions/sign-out-others: how many other sessions ended. */
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().min(0) });

/** What the account page's e-mail change link leads to, as `?emailChange=` on /account. */
export const emailChangeResults = ['changed', 'used', 'expired', 'invalid', 'taken'] as const;
export type EmailChangeResult = (typeof emailChangeResults)[number];
