import { z } from 'zod';
import { idSchema } from './common.ts';
import { languages, maxLengths } from './constants/domain.ts';
import { userRoleSchema } from './user.ts';

const emailMessage = 'Please enter a valid email address';
export const emailSchema = z
  .string({ error: emailMessage })
  .trim()
  .toLowerCase()
  .max(maxLengths.email, { error: `Email must be at most ${maxLengths.email} characters` })
  .pipe(z.email({ error: emailMessage }));

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(maxLengths.personName, { error: `${label} must be at most ${maxLengths.personName} characters` })
    .optional();

/** The rules for a new password, at registration and at a reset alike. */
export const newPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(maxLengths.password, { error: `Password must be at most ${maxLengths.password} characters` });

/** The language the person reads the product in; the e-mails sent to them are written in it. */
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  confirmAge13: z.literal(true, { error: 'You must be at least 13 years old to create an account' }),
  language: languageSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The answer to every registration, the same whether or not the address already had an account. */
export const registerResponseSchema = z.object({ message: z.string() });

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(maxLengths.password, { error: 'Password is required' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  /** The reset e-mail's language; else the account's own. */
  language: languageSchema.optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The answer to a forgotten password, the same whether or not the address has an account. */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

export const INVALID_LINK_MESSAGE = 'This link is not valid. Please ask for a new one.';

/** A link's secret: 32 random bytes in base64url; anything else is no token of ours. */
export const accountTokenSchema = z
  .string({ error: INVALID_LINK_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: INVALID_LINK_MESSAGE });

export const resetPasswordRequestSchema = z.object({
  token: accountTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The link in the verification e-mail; a missing or malformed token is answered by the page, not a 400. */
export const verifyEmailQuerySchema = z.object({
  token: z.string().max(200).optional(),
  lang: languageSchema.optional(),
});

/**
 * Where sign-in returns to: a same-origin path only ('/x', never '//host' or '/\\host'), so the
 * login page cannot be turned into an open redirect. Anything else falls back to '/'.
 */
export const returnToSchema = z
  .string()
  .max(2048)
  .refine((p) => p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\'))
  .catch('/');

/** The verified identity the gateway forwards to services. */
export const identitySchema = z.object({
  userId: idSchema,
  email: z.email(),
  role: userRoleSchema,
});
export type Identity = z.infer<typeof identitySchema>;
