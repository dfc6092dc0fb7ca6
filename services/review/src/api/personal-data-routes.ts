import type { Router } from 'express';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { PERSONAL_DATA_PATH } from '@laundry/contracts';
import { collectPersonalData, type PersonalDataStore } from '../domain/personal-data.ts';

/**
 * What this service holds about the person the signed identity names, for their export (the gateway
 * gathers it); an internal path, which no public path reaches.
 */
export function personalDataRoutes(router: Router, deps: { store: PersonalDataStore }): void {
  router.get(PERSONAL_DATA_PATH, requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await collectPersonalData(deps.store, currentUser(req).id));
  });
}
