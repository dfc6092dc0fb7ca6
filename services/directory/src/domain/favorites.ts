import { notFound } from '@laundry/platform/errors';
import type { Favorite, FavoriteListItem } from '@laundry/contracts';
import type { FavoriteRepository } from './favorite-store.ts';
import type { LaundromatRepository } from './laundromat-store.ts';
import { openStatusOf } from './laundromat-view.ts';

export interface FavoriteDeps {
  favorites: FavoriteRepository;
  laundromats: LaundromatRepository;
}

async function requireVisibleLaundromat(laundromats: LaundromatRepository, id: string): Promise<void> {
  const row = await laundromats.findById(id);
  if (!row || row.status !== 'approved') throw notFound('Laundromat not found');
}

export async function listFavorites(
  deps: FavoriteDeps,
  userId: string,
  now = new Date(),
): Promise<FavoriteListItem[]> {
  const rows = await deps.favorites.listLaundromats(userId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    hours: row.hours,
    averageRating: row.averageRating as number | null,
    totalReviews: row.totalReviews as number,
    address: row.address as string,
    city: row.city as string,
    country: row.country as string,
    latitude: row.latitude,
    longitude: row.longitude,
    washPriceSmall: row.washPriceSmall as number | null,
    dryPrice30min: row.dryPrice30min as number | null,
    currency: row.currency as FavoriteListItem['currency'],
    timeZone: row.timeZone,
    openStatus: openStatusOf(row, now),
  }));
}

export async function isFavorite(deps: FavoriteDeps, userId: string, laundromatId: string): Promise<boolean> {
  await requireVisibleLaundromat(deps.laundromats, laundromatId);
  return deps.favorites.exists(userId, laundromatId);
}

export async function addFavorite(
  deps: FavoriteDeps,
  userId: string,
  laundromatId: string,
): Promise<{ favorite: Favorite; created: boolean }> {
  await requireVisibleLaundromat(deps.laundromats, laundromatId);
  const { favorite, created } = await deps.favorites.add(userId, laundromatId);
  return { favorite: { ...favorite, createdAt: favorite.createdAt.toISOString() }, created };
}

export async function removeFavorite(
  deps: FavoriteDeps,
  userId: string,
  laundromatId: string,
): Promise<void> {
  await requireVisibleLaundromat(deps.laundromats, laundromatId);
  await deps.favorites.remove(userId, laundromatId);
}
