import { z } from 'zod';
import { deleteAccountRequestSchema } from '../personal-data.ts';
import type { ApiOperation } from './operations.ts';

/**
 * The person's copy of their data and the erasure of their account. The export is the gateway's own: it
 * gathers it from every service's internal route.
 */
export const personalDataOperations: ApiOperation[] = [
  {
    operationId: 'exportPersonalData',
    method: 'get',
    path: '/api/me/export',
    service: 'gateway',
    summary: 'Download everything held about the signed-in person',
    description:
      'One zip: a README.txt saying what each part is, then a JSON file per part of every service (the ' +
      'account, sessions, favourites, laundromats added, reviews, photos with their files, the advertiser ' +
      'profile, campaigns, statements…). Every part is gathered before the first byte is sent, so a service ' +
      'that does not answer is a 503 rather than an archive missing a part.',
    access: 'signed-in',
    answers: {
      200: {
        description: 'The archive, sent as an attachment named after the day.',
        contentType: 'application/zip',
        schema: z.string().meta({ override: { type: 'string', format: 'binary' } }),
      },
    },
    errors: [],
  },
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
