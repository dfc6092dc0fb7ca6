import { z } from 'zod';
import { outOfOrderFixedSchema, outOfOrderListSchema } from '../availability.ts';
import { idSchema } from '../common.ts';
import { defineOperations } from './operation.ts';

/** The admins' list of machines visitors reported out of order, and 'Mark fixed'. */
export const availabilityOutOfOrderOperations = defineOperations('availability', {
  listOutOfOrderMachines: {
    method: 'get',
    path: '/api/admin/availability/out-of-order',
    summary: 'Laundromats where visitors last reported machines out of order',
    description:
      "Per laundromat, what the newest report since its last 'Mark fixed' says about broken washers and " +
      'dryers, newest report first (up to 200), with the listing’s name.',
    access: 'admin',
    answers: {
      200: { description: 'The laundromats and their broken machines.', schema: outOfOrderListSchema },
    },
    errors: [],
  },
  markOutOfOrderFixed: {
    method: 'post',
    path: '/api/admin/availability/out-of-order/{id}/fixed',
    summary: "Mark a laundromat's out-of-order machines fixed",
    description:
      "The laundromat's detail stops showing the machines visitors reported out of order until a later " +
      'report names broken machines again. Recorded in the audit log. A 404 when nothing is reported broken.',
    access: 'admin',
    params: z.object({ id: idSchema.meta({ description: "The laundromat's id." }) }),
    answers: { 200: { description: 'When it was marked fixed.', schema: outOfOrderFixedSchema } },
    errors: [404],
  },
});
