import { z } from 'zod';
import { baseConfigSchema, secretSchema } from '@laundry/platform/config';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive();

/** Unset and empty alike: compose passes `${SMTP_URL:-}` as an empty string. */
const optionalUrl = (protocols: RegExp, message: string) =>
  z
    .url({ protocol: protocols, error: message })
    .optional()
    .or(z.literal('').transform(() => undefined));

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
    /** Failed sign-ins on one account, from any IP, within the window before each try must wait. */
    LOGIN_ACCOUNT_FREE_FAILURES: positiveInt.default(10),
    /** The first such wait; it doubles with each further failure, up to the maximum. */
    LOGIN_ACCOUNT_DELAY_SECONDS: positiveInt.default(30),
    LOGIN_ACCOUNT_MAX_DELAY_SECONDS: positiveInt.default(15 * 60),
    /**
     * smtp:// or smtps://user:password@host:port: mail is sent through it. Unset, the embedded mode keeps
     * mail in a local outbox shown at /dev/mail, and the distributed mode sends none (it warns at start-up).
     */
    SMTP_URL: optionalUrl(/^smtps?$/, 'must be an smtp:// or smtps:// URL'),
    /** The sender of every e-mail: an address, or a name and an address ("Name <address>"); empty is unset. */
    MAIL_FROM: z
      .string()
      .regex(
        /^([^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
        'must be an address or "Name <address>"',
      )
      .or(z.literal('').transform(() => undefined))
      .optional()
      .transform((value) => value ?? 'Laundromat Finder <no-reply@localhost>'),
    /**
     * Where people open the product (https://laundromat.example): the start of the links in e-mails, never
     * taken from a request's Host. Required with SMTP_URL; unset, the local outbox's links are paths on
     * the origin it is viewed from.
     */
    PUBLIC_URL: optionalUrl(/^https?$/, 'must be an http:// or https:// URL'),
    EMAIL_VERIFICATION_TTL_SECONDS: positiveInt.default(48 * 60 * 60),
    PASSWORD_RESET_TTL_SECONDS: positiveInt.default(60 * 60),
    FORGOT_PASSWORD_WINDOW_SECONDS: positiveInt.default(60 * 60),
    /** Reset e-mails one address may be sent within the window, whoever asks (each asker one). */
    FORGOT_PASSWORD_MAX_PER_ADDRESS: positiveInt.default(5),
    /** Reset requests one client may make within the window, any address. */
    FORGOT_PASSWORD_MAX_PER_CLIENT: positiveInt.default(10),
  })
  .refine((config) => !config.SMTP_URL || config.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    error: 'must be set when SMTP_URL is: e-mailed links need the address people open the product at',
  })
  .transform((config) => ({
    ...config,
    COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
    PUBLIC_URL: config.PUBLIC_URL?.replace(/\/+$/, ''),
  }));

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
