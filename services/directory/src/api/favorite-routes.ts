import type { Router } from 'express';
import { currentUser } from '@laundry/platform/auth';
import { route } from '@laundry/platform/http';
import { directoryOperations as operations } from '@laundry/contracts/operations';
import {
  addFavorite,
  isFavorite,
  listFavorites,
  removeFavorite,
  type FavoriteDeps,
} from '../domain/favorites.ts';
import { invalidLaundromatId as invalidParams } from './laundromat-routes.ts';

export function favoriteRoutes(router: Router, deps: FavoriteDeps): void {
  route(router, operations.listFavorites, async (_input, req, res) => {
    res.json(await listFavorites(deps, currentUser(req).id));
  });

  route(router, operations.checkFavorite, { invalidParams }, async ({ params }, req, res) => {
    res.json({ isFavorite: await isFavorite(deps, currentUser(req).id, params.laundromatId) });
  });

  route(router, operations.addFavorite, async ({ body }, req, res) => {
    const { favorite, created } = await addFavorite(deps, currentUser(req).id, body.laundromatId);
    res.status(created ? 201 : 200).json(favorite);
  });

  route(router, operations.removeFavorite, { invalidParams }, async ({ params }, req, res) => {
    await removeFavorite(deps, currentUser(req).id, params.laundromatId);
    res.status(204).end();
  });
}
