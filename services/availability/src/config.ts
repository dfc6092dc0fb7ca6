import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

export const availabilityConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4007),
  /** The directory, asked where a laundromat is (and whether it exists) before a report of it is stored. */
  DIRECTORY_URL: z.url().default('http://127.0.0.1:4002'),
  DIRECTORY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /** How often live states whose reports faded or whose feed fell silent are published again (0: never). */
  LIVE_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often an open live stream gets a comment line, so proxies and browsers keep it open. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  /** How often reports are summed into the hourly busyness aggregates and feeds sampled (0: never). */
  BUSYNESS_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
});

export type AvailabilityConfig = z.infer<typeof availabilityConfigSchema>;
