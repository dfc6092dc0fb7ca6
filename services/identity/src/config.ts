import { z } from 'zod';
import { baseConfigSchema, secretSchema } from '@laundry/platform/config';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive();

export const identityConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    SESSION_SECRET: secretSchema(32),
    SESSION_TTL_SECONDS: positiveInt.default(7 * 24 * 60 * 60),
    /** Defaults to true in production and false elsewhere (plain http on localhost). */
    COOKIE_SECURE: booleanFlag.optional(),
    /** Comma-separated; whoever registers with one of these addresses becomes an admin. */
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    LOGIN_WINDOW_SECONDS: positiveInt.default(15 * 60),
    /** Attempts per email address and client IP within the window. */
    LOGIN_MAX_ATTEMPTS_PER_EMAIL: positiveInt.default(10),
    /** Attempts per client IP, any email, within the window. */
    LOGIN_MAX_ATTEMPTS_PER_IP: positiveInt.default(50),
  })
  .transform((config) => ({
    ...config,
    COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
  }));

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
