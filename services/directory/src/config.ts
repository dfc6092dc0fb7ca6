import { z } from 'zod';
import { baseConfigSchema } from '@laundry/platform/config';

export const directoryConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  NOMINATIM_URL: z.url().optional(),
  // Suggested edits one person may send in an hour ('Suggest an edit'); enough for a careful contributor.
  SUGGESTIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  NOMINATIM_USER_AGENT: z.string().default('LaundromatFinder/0.1 (contact: operator of this deployment)'),
  // Building the place index takes seconds of CPU: at start-up by default, so no visitor waits for it;
  // 'false' defers it to the first search (test stacks, where most files never search).
  GAZETTEER_PRELOAD: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  // OpenStreetMap sync (npm run sync:osm as a scheduled job): nothing calls Overpass unless areas are set.
  // Areas are separated by ';' (a name may hold a comma): 'FR; Austin, Texas; 45.70,4.77,45.81,4.90'.
  OSM_SYNC_AREAS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(';')
        .map((area) => area.trim())
        .filter(Boolean),
    ),
  // How often each area is synced: a number and a unit ('30m', '6h', '1d'); a day suits OSM's pace.
  OSM_SYNC_INTERVAL: z
    .string()
    .regex(/^\d+(s|m|h|d)$/, { error: "must be a number and a unit: '30m', '6h', '1d'" })
    .default('1d')
    .transform(
      (value) => Number(value.slice(0, -1)) * { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[value.at(-1) as 's'],
    ),
  OVERPASS_URL: z.url().default('https://overpass-api.de/api/interpreter'),
  OVERPASS_USER_AGENT: z.string().min(1).optional(),
});

export type DirectoryConfig = z.infer<typeof directoryConfigSchema>;
