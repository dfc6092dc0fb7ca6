import { z } from 'zod';
import { idSchema } from './common.ts';
import { maxLengths } from './constants/domain.ts';
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

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(maxLengths.password, { error: `Password must be at most ${maxLengths.password} characters` }),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  confirmAge13: z.literal(true, { error: 'You must be at least 13 years old to create an account' }),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(maxLengths.password, { error: 'Password is required' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

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
