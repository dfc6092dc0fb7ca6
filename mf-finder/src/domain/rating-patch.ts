import type { Laundromat } from '@laundry/contracts';

type Rated = Pick<Laundromat, 'averageRating' | 'totalReviews'>;

/**
 * The laundromat's rating and count once one more review is in, as the directory adds a review event up
 * (average to two decimals). The page shows them the moment the review is posted: the directory's own
 * figures arrive through review.created a moment later, and a list fetched before then would be stale.
 */
export function ratingWithReview(laundromat: Rated, overallRating: number): Rated {
  const totalReviews = laundromat.totalReviews + 1;
  const sum = (laundromat.averageRating ?? 0) * laundromat.totalReviews + overallRating;
  return { totalReviews, averageRating: Math.round((sum / totalReviews) * 100) / 100 };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Any cached answer (a list page, a search, one laundromat, favourites, wrapped as the hooks keep them) with
 * the laundromat `id` given its new rating and count. Parts that do not hold it are returned as they were,
 * so queries that do not show it are not re-rendered.
 */
export function patchLaundromatIn(data: unknown, id: string, rating: Rated, depth = 0): unknown {
  if (depth > 4) return data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchLaundromatIn(item, id, rating, depth + 1);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (!isPlainObject(data)) return data;
  if (data.id === id && typeof data.totalReviews === 'number') return { ...data, ...rating };
  let next: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(data)) {
    const patched = patchLaundromatIn(value, id, rating, depth + 1);
    if (patched !== value) (next ??= { ...data })[key] = patched;
  }
  return next ?? data;
}
