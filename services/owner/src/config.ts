import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

export const ownerConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4008),
  /** The directory, asked for a claimed laundromat's name and website. */
  DIRECTORY_URL: z.url().default('http://127.0.0.1:4002'),
  DIRECTORY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /** The photo service, which keeps a claim's document under its upload rules. */
  PHOTO_URL: z.url().default('http://127.0.0.1:4004'),
  /** Long enough to pass on a 10 MB upload. */
  PHOTO_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Identity, which sends the claim codes (IDENTITY_URL is every service's setting). */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * Where people open the product (https://laundromat.example): the start of the link a transfer's mail
   * brings, never taken from a request's Host. Unset (the local outbox of `npm start`), the link is a path
   * on the origin the outbox is read on. Empty is unset: compose passes `${PUBLIC_URL:-}`.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type OwnerConfig = z.infer<typeof ownerConfigSchema>;
