import type { Router } from 'express';
import { notFound } from '@laundry/platform/errors';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { PERSONAL_DATA_PATH } from '@laundry/contracts';
import type { ObjectStorage } from '../domain/object-store.ts';
import { collectPersonalData, findPersonFile, type PersonalDataStore } from '../domain/personal-data.ts';

/**
 * What the photo service holds about the person the signed identity names, for their export (the gateway
 * gathers it); internal paths, which no public path reaches.
 */
export function personalDataRoutes(
  router: Router,
  deps: { store: PersonalDataStore; storage: ObjectStorage },
): void {
  router.get(PERSONAL_DATA_PATH, requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await collectPersonalData(deps.store, currentUser(req).id));
  });

  router.get(`${PERSONAL_DATA_PATH}/files/:id`, requireUser, async (req, res) => {
    const file = await findPersonFile(deps.store, currentUser(req).id, String(req.params.id));
    const stored = file && (await deps.storage.get(file.objectPath));
    if (!file || !stored) throw notFound('File not found');
    res.set({
      'Content-Type': file.mimeType,
      'Content-Length': String(stored.size),
      'Cache-Control': 'private, no-store',
    });
    const stream = stored.open();
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
  });
}
