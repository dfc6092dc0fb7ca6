import { directoryExportLicence, directoryExportSchema } from '../directory-export.ts';
import { defineOperations } from './operation.ts';

/** The directory's data, for an admin to hand on under the licence of the OpenStreetMap data in it. */
export const directoryExportOperations = defineOperations('directory', {
  exportDirectory: {
    method: 'get',
    path: '/api/admin/export/laundromats',
    summary: 'Every published laundromat as GeoJSON, under the ODbL',
    description:
      `Admins only. A file to download (Content-Disposition: attachment), streamed. It holds data from ` +
      `OpenStreetMap, so it is offered under the ${directoryExportLicence.name} (${directoryExportLicence.url}) ` +
      `with the attribution '${directoryExportLicence.attribution}', which whoever uses it must keep.`,
    access: 'admin',
    answers: {
      200: {
        description: 'A GeoJSON FeatureCollection with the licence in its `license` member.',
        contentType: 'application/geo+json',
        schema: directoryExportSchema,
      },
    },
    errors: [],
  },
});
