import { z } from 'zod';
import { deleteAccountRequestSchema } from '../personal-data.ts';
import type { ApiOperation } from './operations.ts';

/**
 * The person's erasure of their account. The export of their data (GET /api/me/export, a zip) is the
 * gateway's own, gathered from every service's internal route, so it is no service's operation here.
 */
export const personalDataOperations: ApiOperation[] = [
  {
    operationId: 'deleteAccount',
    method: 'delete',
    path: '/api/me',
    service: 'identity',
    summary: 'Delete the account and erase its data',
    description:
      'The password is asked again. The account is deleted at once and every session ends; every service ' +
      "then erases or anonymises what it holds (reviews stay as 'Anonymous User'), and a confirmation " +
      'e-mail is sent. A wrong password is a 403 and changes nothing.',
    access: 'signed-in',
    body: { contentType: 'application/json', schema: deleteAccountRequestSchema, required: true },
    answers: { 200: { description: 'The account is deleted.', schema: z.object({ message: z.string() }) } },
    errors: [400, 403, 415],
  },
];
