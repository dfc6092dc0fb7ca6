import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { languages } from './constants/domain.ts';

/** "Tell me when a washer is free": a Web Push subscription and what the person waits for. */

export const alertMachineKinds = ['washer', 'dryer'] as const;
export type AlertMachineKind = (typeof alertMachineKinds)[number];

/** How long an alert waits for a free machine before it is dropped unsent. */
export const AVAILABILITY_ALERT_TTL_MS = 2 * 60 * 60 * 1000;

const base64url = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(min, { error: `${label} is too short` })
    .max(max, { error: `${label} is too long` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${label} must be base64url` });

/** PushSubscription.toJSON() as a browser gives it; the push service is always reached over https. */
export const pushSubscriptionSchema = z
  .object(
    {
      endpoint: z
        .url({ error: 'Subscription endpoint must be a URL' })
        .max(2048, { error: 'Subscription endpoint is too long' })
        .refine((value) => value.startsWith('https://'), {
          error: 'Subscription endpoint must be an https URL',
        }),
      expirationTime: z.number().nullable().optional(),
      keys: z
        .object(
          {
            // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
            p256dh: base64url('Subscription key p256dh', 80, 100),
            auth: base64url('Subscription key auth', 16, 32),
          },
          { error: 'Subscription keys { p256dh, auth } are required' },
        )
        .strict(),
    },
    { error: 'A push subscription { endpoint, keys } is required' },
  )
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** POST /api/laundromats/{id}/availability/alerts. */
export const createAvailabilityAlertRequestSchema = z
  .object({
    subscription: pushSubscriptionSchema,
    machine: z.enum(alertMachineKinds, { error: `Machine must be one of ${alertMachineKinds.join(', ')}` }),
    /** The language the notification is written in (the page's). */
    language: z.enum(languages, { error: `Language must be one of ${languages.join(', ')}` }).default('en'),
  })
  .strict();
export type CreateAvailabilityAlertRequest = z.infer<typeof createAvailabilityAlertRequestSchema>;

export const availabilityAlertSchema = z.object({
  id: z.uuid(),
  laundromatId: z.uuid(),
  machine: z.enum(alertMachineKinds),
  expiresAt: isoDateTimeSchema,
});
export type AvailabilityAlert = z.infer<typeof availabilityAlertSchema>;

/** GET /api/availability/push-key: the VAPID public key a page subscribes with. */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

/** GET /api/laundromats/{id}/availability/alerts: the signed-in person's alerts still waiting there. */
export const availabilityAlertListSchema = z.object({ items: z.array(availabilityAlertSchema) });
export type AvailabilityAlertList = z.infer<typeof availabilityAlertListSchema>;
