import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

export const reviewConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** The directory service, asked whether a laundromat exists before a review of it is stored. */
  DIRECTORY_URL: z.url().default('http://127.0.0.1:4002'),
  DIRECTORY_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
});

export type ReviewConfig = z.infer<typeof reviewConfigSchema>;
