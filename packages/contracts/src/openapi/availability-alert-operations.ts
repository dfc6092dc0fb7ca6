import { z } from 'zod';
import {
  availabilityAlertSchema,
  createAvailabilityAlertRequestSchema,
  pushKeyResponseSchema,
} from '../availability-alert.ts';
import { idSchema } from '../common.ts';
import { defineOperations, jsonBody } from './operation.ts';

/** The availability service's 'tell me when a washer is free' alerts (Web Push). */
export const availabilityAlertOperations = defineOperations('availability', {
  getPushKey: {
    method: 'get',
    path: '/api/availability/push-key',
    summary: 'The VAPID public key a page subscribes to Web Push with',
    description:
      'The `applicationServerKey` for `PushManager.subscribe()`. A 503 when this server has no VAPID keys ' +
      '(alerts are off).',
    access: 'anyone',
    answers: { 200: { description: 'The public key, base64url.', schema: pushKeyResponseSchema } },
    errors: [503],
  },
  createAvailabilityAlert: {
    method: 'post',
    path: '/api/laundromats/{id}/availability/alerts',
    summary: "'Tell me when a washer is free': one push when the live state shows that machine free",
    description:
      "The browser's push subscription (its https endpoint and keys), the machine waited for (washer or " +
      'dryer) and the language the notification is written in. The next live state that shows such a machine ' +
      'free sends one Web Push notification and deletes the alert; an alert not sent within two hours is ' +
      'deleted. Asking again from the same browser renews it.',
    access: 'signed-in',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    body: jsonBody(createAvailabilityAlertRequestSchema),
    answers: { 201: { description: 'The alert and when it expires.', schema: availabilityAlertSchema } },
    errors: [400, 404, 413, 503],
  },
});
