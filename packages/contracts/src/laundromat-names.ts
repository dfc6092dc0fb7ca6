import { z } from 'zod';
import { idSchema } from './common.ts';

/** How many laundromats one names lookup may ask about: a photo list's worth (the photo service's limit). */
export const laundromatNamesLimit = 200;

/**
 * GET /internal/laundromats/names?ids=<id>,<id>: a service's question, never the public API's (the gateway
 * routes no /internal path). Repeated ids count once.
 */
export const laundromatNamesQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must list laundromat ids separated by commas' })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter((id) => id !== ''))
    .pipe(
      z
        .array(idSchema)
        .min(1, { error: 'ids must name at least one laundromat' })
        .max(laundromatNamesLimit, { error: `ids may name at most ${laundromatNamesLimit} laundromats` }),
    ),
});

/** Each listed (approved, active) laundromat's name by its id; an id the directory does not list is absent. */
export const laundromatNamesResponseSchema = z.object({ names: z.record(z.string(), z.string()) });
export type LaundromatNamesResponse = z.infer<typeof laundromatNamesResponseSchema>;
