import { z } from 'zod';

/** The area a promoted laundromat's draft targets around it: a short trip to do the washing. */
export const promotedAreaRadiusKm = 3;

/**
 * The query parameter that carries an ad's click token to the finder's page of a promoted laundromat, so
 * what the visitor then does there can be counted as the ad's conversions.
 */
export const adClickParam = 'adClick';

/** What a visitor did at a promoted laundromat's detail after the ad's click. */
export const adConversionKinds = ['directions', 'call', 'website'] as const;
export type AdConversionKind = (typeof adConversionKinds)[number];

/** POST /api/ads/conversions: counted once per click token and kind. */
export const adConversionRequestSchema = z
  .object({
    token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }).max(2000),
    kind: z.enum(adConversionKinds, { error: `kind must be one of ${adConversionKinds.join(', ')}` }),
  })
  .strict();
export type AdConversionRequest = z.infer<typeof adConversionRequestSchema>;
