import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

// A deployment passes an unset optional secret as an empty string.
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const availabilityConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4007),
    /** The directory, asked where a laundromat is (and whether it exists) before a report of it is stored. */
    DIRECTORY_URL: z.url().default('http://127.0.0.1:4002'),
    DIRECTORY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    /**
     * How long a report's laundromat, as the directory listed it, is kept before it is asked again (0: never
     * kept); the directory's events about a laundromat (merged, an edit approved) drop it sooner.
     */
    DIRECTORY_POINT_CACHE_MS: z.coerce.number().int().min(0).default(600_000),
    /**
     * How long a feed key's laundromat is kept before the key is read again (0: read in every batch): a key
     * revoked through another replica is refused within this time (at once through this one).
     */
    FEED_KEY_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
    /** How often live states whose reports faded or whose feed fell silent are published again (0: never). */
    LIVE_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    /** How often an open live stream gets a comment line, so proxies and browsers keep it open. */
    LIVE_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
    /** How often reports are summed into the hourly busyness aggregates and feeds sampled (0: never). */
    BUSYNESS_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
    /**
     * The VAPID key pair Web Push alerts are signed with (base64url, as `web-push generate-vapid-keys` prints
     * them). `npm start` makes one per data folder; without them alerts are switched off, never a shared key.
     */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** Who push services may contact about our pushes: a mailto: or https: address. */
    VAPID_SUBJECT: optionalText.refine(
      (value) => value === undefined || /^(mailto:|https:\/\/)/.test(value),
      {
        error: 'VAPID_SUBJECT must be a mailto: or https: address',
      },
    ),
    /** How often alerts nobody was told about in two hours are deleted (0: never). */
    ALERT_PURGE_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
    /**
     * Simulated machine feeds for a handful of demo laundromats (demoFeedsEnabled): unset, on in the embedded
     * mode outside tests and production, off everywhere else.
     */
    DEMO_FEEDS: z
      .enum(['true', 'false'], { error: "DEMO_FEEDS must be 'true' or 'false'" })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    /** How often the demo feeds send their machines (well inside the 15 minutes a feed stays fresh). */
    DEMO_FEED_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
    /** How many demo laundromats get a simulated feed. */
    DEMO_FEED_LAUNDROMATS: z.coerce.number().int().min(1).max(50).default(6),
  })
  .refine((config) => Boolean(config.VAPID_PUBLIC_KEY) === Boolean(config.VAPID_PRIVATE_KEY), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
  });

export type AvailabilityConfig = z.infer<typeof availabilityConfigSchema>;

/**
 * Whether the demo laundromats' simulated feeds run: DEMO_FEEDS when set; otherwise only in the embedded mode
 * (no DATABASE_URL) in development, so `npm start` shows live machines and a test or a deployment never
 * gets invented states unless it asks for them.
 */
export const demoFeedsEnabled = (config: AvailabilityConfig): boolean =>
  config.DEMO_FEEDS ?? (!config.DATABASE_URL && config.NODE_ENV === 'development');
