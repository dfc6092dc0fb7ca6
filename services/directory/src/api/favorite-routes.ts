import type { Router } from 'express';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { addFavoriteRequestSchema } from '@laundry/contracts';
import {
  addFavorite,
  isFavorite,
  listFavorites,
  removeFavorite,
  type FavoriteDeps,
} from '../domain/favorites.ts';
import { laundromatId } from './laundromat-routes.ts';

export function favoriteRoutes(router: Router, deps: FavoriteDeps): void {
  router.get('/api/favorites', requireUser, async (req, res) => {
    res.json(await listFavorites(deps, currentUser(req).id));
  });

  router.get('/api/favorites/:laundromatId/check', requireUser, async (req, res) => {
    res.json({
      isFavorite: await isFavorite(deps, currentUser(req).id, laundromatId(req.params, 'laundromatId')),
    });
  });

  router.post('/api/favorites', requireUser, async (req, res) => {
    const { laundromatId: id } = addFavoriteRequestSchema.parse(req.body ?? {});
    const { favorite, created } = await addFavorite(deps, currentUser(req).id, id);
    res.status(created ? 201 : 200).json(favorite);
  });

  router.delete('/api/favorites/:laundromatId', requireUser, async (req, res) => {
    await removeFavorite(deps, currentUser(req).id, laundromatId(req.params, 'laundromatId'));
    res.status(204).end();
  });
}
