import { z } from 'zod';
import { defineOperations } from './operation.ts';

/** What the gateway answers itself: the person's copy of their data, gathered from every service. */
export const gatewayOperations = defineOperations('gateway', {
  exportPersonalData: {
    method: 'get',
    path: '/api/me/export',
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
});
