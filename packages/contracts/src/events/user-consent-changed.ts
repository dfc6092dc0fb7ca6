import { z } from 'zod';
import { defineEventSchema } from './envelope.ts';

export const userConsentChangedV1 = 'user.consent-changed.v1';

/**
 * A signed-in person recorded a cookie choice. Without advertising consent the ad service forgets what it
 * counted under the person and under the browser's advertising id (the frequency counters).
 */
export const userConsentChangedV1DataSchema = z.object({
  userId: z.uuid(),
  analytics: z.boolean(),
  advertising: z.boolean(),
  consentVersion: z.string().max(20),
  /** The advertising id the browser held when advertising consent was withdrawn, else null. */
  adViewerId: z.uuid().nullable(),
  changedAt: z.iso.datetime({ offset: true }),
});

export const userConsentChangedV1Schema = defineEventSchema(
  userConsentChangedV1,
  userConsentChangedV1DataSchema,
);
export type UserConsentChangedV1 = z.infer<typeof userConsentChangedV1Schema>;
