import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

export const directoryConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  NOMINATIM_URL: z.url().optional(),
  NOMINATIM_USER_AGENT: z.string().default('LaundromatFinder/0.1 (contact: operator of this deployment)'),
});

export type DirectoryConfig = z.infer<typeof directoryConfigSchema>;
