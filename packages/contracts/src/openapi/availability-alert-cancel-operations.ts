import { z } from 'zod';
import { availabilityAlertListSchema } from '../availability-alert.ts';
import { idSchema } from '../common.ts';
import { defineOperations } from './operation.ts';

const laundromatIdParams = z.object({ id: idSchema.meta({ description: "The laundromat's id." }) });

/** A person's waiting 'tell me when a washer is free' alerts, and cancelling one. */
export const availabilityAlertCancelOperations = defineOperations('availability', {
  listMyAvailabilityAlerts: {
    method: 'get',
    path: '/api/laundromats/{id}/availability/alerts',
    summary: "The signed-in person's alerts still waiting at a laundromat",
    description: 'Alerts not yet sent nor expired, oldest first: the finder offers to cancel each.',
    access: 'signed-in',
    params: laundromatIdParams,
    answers: { 200: { description: 'The waiting alerts.', schema: availabilityAlertListSchema } },
    errors: [],
  },
  cancelAvailabilityAlert: {
    method: 'delete',
    path: '/api/laundromats/{id}/availability/alerts/{alertId}',
    summary: "Cancel a 'tell me when a washer is free' alert",
    description:
      'No notification is sent for it. A 404 when it is no longer waiting (sent, expired or cancelled) or ' +
      "is another person's.",
    access: 'signed-in',
    params: laundromatIdParams.extend({ alertId: idSchema.meta({ description: "The alert's id." }) }),
    answers: { 204: { description: 'Cancelled.' } },
    errors: [404],
  },
});
