/** GET /api/live follows at most this many laundromats (liveStreamLimits.maxLaundromats; no schema here). */
export const maxFollowed = 200;

/**
 * The laundromats one stream follows, as a stable string: the same set in another order, or with repeats,
 * is the same stream, so re-sorting the list or re-rendering the page does not reopen it. '' for none.
 * Beyond the limit the first ones given are kept (the open detail first, then the list in its order).
 */
export function followedKey(ids: readonly (string | null | undefined)[]): string {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  return unique.slice(0, maxFollowed).sort().join(',');
}
